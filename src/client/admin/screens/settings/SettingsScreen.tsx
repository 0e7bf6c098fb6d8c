import { Flex, Form, InputNumber, Switch, Typography } from "antd";
import type { ReactNode } from "react";
import { retentionSettings } from "../../../../shared/schemas/inquiries";
import type { Settings } from "../../../../shared/schemas/settings";
import { trpc } from "../../../lib/trpc";
import { Can } from "../../permissions";
import { BackupCard } from "./BackupCard";
import { BrandSection } from "./BrandSection";
import { PageHeader } from "../../components/PageHeader";
import { CardSkeleton, QueryState } from "../../components/QueryState";
import { fieldOf } from "../../forms";
import { I } from "../../text-inquiries";
import { ClinicSection } from "./ClinicSection";
import { MailSection } from "./MailSection";
import { SecuritySection } from "./SecuritySection";
import { SettingsSection, type Section } from "./SettingsSection";

/**
 * Settings (super administrators; the server refuses anyone else): one card per section of the
 * settings, each a form saved on its own (the server keeps a section left out of an update): the
 * retention of finished inquiries, and e-mail (MailSection.tsx). A further section is one more entry in
 * SECTIONS: a component that renders its fields inside <SettingsSection>.
 */
const T = I.settings;

const SECTIONS: Array<{ key: Section; render: (settings: Settings) => ReactNode }> = [
  { key: "retention", render: (settings) => <RetentionSection value={settings.retention} /> },
  { key: "mail", render: (settings) => <MailSection value={settings.mail} /> },
  { key: "clinic", render: (settings) => <ClinicSection value={settings.clinic} /> },
  { key: "security", render: (settings) => <SecuritySection value={settings.security} /> },
];

export default function SettingsScreen() {
  // An audit-worthy page reads afresh each visit.
  const settings = trpc.settings.get.useQuery(undefined, { refetchOnMount: "always" });

  return (
    <>
      <PageHeader subtitle={T.subtitle} />
      <QueryState query={settings} failed={T.loadFailed} loading={<CardSkeleton />}>
        {(data) => (
          <Flex vertical gap={24} style={{ maxWidth: 760 }}>
            {SECTIONS.map(({ key, render }) => (
              <div key={key}>{render(data)}</div>
            ))}
            <BrandSection />
            <Can permission="backups.take">
              <BackupCard />
            </Can>
          </Flex>
        )}
      </QueryState>
    </>
  );
}

function RetentionSection({ value }: { value: Settings["retention"] }) {
  return (
    <SettingsSection section="retention" title={T.retention.title} intro={T.retention.intro} value={value}>
      <Form.Item name="enabled" valuePropName="checked" label={T.retention.enabled} htmlFor="retention-enabled">
        <Switch id="retention-enabled" />
      </Form.Item>
      <Form.Item {...fieldOf(retentionSettings, "days")} label={T.retention.days} htmlFor="retention-days" validateFirst>
        <InputNumber id="retention-days" suffix={T.retention.daysUnit} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => (
          <div data-testid="retention-explanation">
            <Typography.Paragraph>{T.retention.explanation(getFieldValue("days") ?? "N")}</Typography.Paragraph>
            {getFieldValue("enabled") ? null : <Typography.Paragraph type="secondary">{T.retention.off}</Typography.Paragraph>}
          </div>
        )}
      </Form.Item>
    </SettingsSection>
  );
}
