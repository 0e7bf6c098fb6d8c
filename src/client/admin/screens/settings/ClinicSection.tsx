import { Col, Form, Input, InputNumber, Row, Switch, type FormRule } from "antd";
import { WEEKDAYS, WEEKDAY_NAMES } from "../../../../shared/clinic";
import { clinicSettings, type Settings } from "../../../../shared/schemas/settings";
import { zodRule } from "../../forms";
import { TCL as T } from "../../text-clinic";
import { SettingsSection, SubSection } from "./SettingsSection";

/**
 * Settings' Clinic details card (super admins): the one source of the clinic's facts the website and
 * the acknowledgement e-mail show (src/shared/clinic.ts). Saved whole with Save, like every section;
 * the rules are the server's (src/shared/schemas/settings.ts).
 */
const rule = (field: keyof typeof clinicSettings.shape) => [zodRule(clinicSettings, field)];

function TextField({
  name,
  label,
  help,
  autoComplete,
}: {
  name: "name" | "shortName" | "street" | "city" | "state" | "zip" | "phone" | "email" | "privacyOfficerPhone";
  label: string;
  help?: string;
  autoComplete?: string;
}) {
  const id = `clinic-${name}`;
  return (
    <Form.Item name={name} label={label} htmlFor={id} extra={help} rules={rule(name)} validateFirst>
      <Input id={id} autoComplete={autoComplete ?? "off"} />
    </Form.Item>
  );
}

export function ClinicSection({ value }: { value: Settings["clinic"] }) {
  return (
    <SettingsSection section="clinic" title={T.title} intro={T.intro} value={value}>
      <SubSection title={T.identity}>
        <TextField name="name" label={T.name} />
        <TextField name="shortName" label={T.shortName} help={T.shortNameHelp} />
      </SubSection>
      <SubSection title={T.address}>
        <TextField name="street" label={T.street} />
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <TextField name="city" label={T.city} />
          </Col>
          <Col xs={12} sm={5}>
            <TextField name="state" label={T.state} />
          </Col>
          <Col xs={12} sm={7}>
            <TextField name="zip" label={T.zip} />
          </Col>
        </Row>
      </SubSection>
      <SubSection title={T.contact}>
        <TextField name="phone" label={T.phone} help={T.phoneHelp} />
        <TextField name="email" label={T.email} />
        <TextField name="privacyOfficerPhone" label={T.privacyOfficerPhone} help={T.privacyOfficerPhoneHelp} />
      </SubSection>
      <SubSection title={T.hours}>
        <p style={{ marginTop: 0, color: "rgba(0,0,0,0.55)" }}>{T.hoursHelp}</p>
        {WEEKDAYS.map((day) => (
          <DayRow key={day} day={day} />
        ))}
      </SubSection>
      <SubSection title={T.map}>
        <p style={{ marginTop: 0, color: "rgba(0,0,0,0.55)" }}>{T.mapHelp}</p>
        <Row gutter={12}>
          {(["latitude", "longitude"] as const).map((name) => (
            <Col xs={12} key={name}>
              <Form.Item name={name} label={T[name]} htmlFor={`clinic-${name}`} rules={rule(name)}>
                <InputNumber id={`clinic-${name}`} step={0.0001} style={{ width: "100%" }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </SubSection>
      <SubSection title={T.social}>
        <p style={{ marginTop: 0, color: "rgba(0,0,0,0.55)" }}>{T.socialHelp}</p>
        {(["facebook", "instagram", "youtube"] as const).map((network) => (
          <Form.Item
            key={network}
            name={["social", network]}
            label={T[network]}
            htmlFor={`clinic-social-${network}`}
            rules={[zodRule(clinicSettings.shape.social, network)]}
          >
            <Input id={`clinic-social-${network}`} type="url" placeholder="https://" />
          </Form.Item>
        ))}
      </SubSection>
    </SettingsSection>
  );
}

/** One weekday: Closed switch, opens, closes (HH:MM, 24-hour). */
function DayRow({ day }: { day: (typeof WEEKDAYS)[number] }) {
  const name = WEEKDAY_NAMES[day];
  const closed = Form.useWatch(["hours", day, "closed"]) as boolean | undefined;
  return (
    <Row gutter={12} align="middle" data-testid={`clinic-hours-${day}`} role="group" aria-label={name}>
      <Col xs={24} sm={5}>
        <strong>{name}</strong>
      </Col>
      <Col xs={8} sm={5}>
        <Form.Item name={["hours", day, "closed"]} valuePropName="checked" label={T.closed} htmlFor={`clinic-${day}-closed`}>
          <Switch id={`clinic-${day}-closed`} aria-label={`${name} ${T.closed}`} />
        </Form.Item>
      </Col>
      <Col xs={8} sm={7}>
        <Form.Item name={["hours", day, "opens"]} label={T.opens} htmlFor={`clinic-${day}-opens`} rules={[timeRule]}>
          <Input id={`clinic-${day}-opens`} type="time" disabled={closed} aria-label={`${name} ${T.opens}`} />
        </Form.Item>
      </Col>
      <Col xs={8} sm={7}>
        <Form.Item
          name={["hours", day, "closes"]}
          label={T.closes}
          htmlFor={`clinic-${day}-closes`}
          dependencies={[
            ["hours", day, "opens"],
            ["hours", day, "closed"],
          ]}
          rules={[
            timeRule,
            ({ getFieldValue }) => ({
              validator: async () => {
                const hours = clinicSettings.shape.hours.shape[day].safeParse(getFieldValue(["hours", day]));
                if (!hours.success) throw new Error(hours.error.issues[0]?.message ?? "Invalid hours");
              },
            }),
          ]}
        >
          <Input id={`clinic-${day}-closes`} type="time" disabled={closed} aria-label={`${name} ${T.closes}`} />
        </Form.Item>
      </Col>
    </Row>
  );
}

const timeRule: FormRule = {
  validator: async (_rule, value) => {
    if (typeof value !== "string" || !/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) throw new Error("Please enter a time like 09:00 (24-hour).");
  },
};
