import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, DatePicker, Empty, Flex, Input, List, Radio, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useMemo, useState } from "react";
import { Link } from "wouter";
import { WEEKDAYS } from "../../../../shared/clinic";
import { dateOverrideInput, weeklyHoursInput } from "../../../../shared/schemas/booking";
import { useClinic } from "../../clinic";
import type { Outputs } from "../../outputs";
import { useCan } from "../../permissions";
import { useSave } from "../../save";
import { BK } from "../../text-booking";
import { type Interval, type IntervalErrors, intervalOf, newInterval, schemaErrors, stretchesText, toStretches } from "./hours";

type Availability = Outputs["booking"]["availability"];
export type Owner = { ownerKind: "clinic" | "clinician" | "resource"; ownerId: number; name: string };
const T = BK.availability;
/** Monday first, as the calendar; the server's weekdays are 0 Sunday .. 6 Saturday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** One day's intervals: from and to as the clinic's wall clock, each removable, and "Add interval". */
function Intervals({
  label,
  intervals,
  errors,
  onChange,
}: {
  label: string;
  intervals: Interval[];
  errors: IntervalErrors;
  onChange: (next: Interval[]) => void;
}) {
  const set = (key: number, part: "start" | "end", value: string) =>
    onChange(intervals.map((i) => (i.key === key ? { ...i, [part]: value } : i)));
  return (
    <Flex vertical gap={8}>
      {intervals.length === 0 ? <Typography.Text type="secondary">{T.closed}</Typography.Text> : null}
      {intervals.map((interval, index) => {
        const error = errors.get(interval.key);
        const id = `interval-${interval.key}-error`;
        const name = `${label} ${index + 1}`;
        return (
          <div key={interval.key} data-interval={name}>
            <Flex gap={8} align="center" wrap>
              <Input
                type="time"
                step={300}
                aria-label={`${T.from} (${name})`}
                value={interval.start}
                status={error ? "error" : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? id : undefined}
                onChange={(e) => set(interval.key, "start", e.target.value)}
                style={{ width: 140 }}
              />
              <Typography.Text>{T.to.toLowerCase()}</Typography.Text>
              <Input
                type="time"
                step={300}
                aria-label={`${T.to} (${name})`}
                value={interval.end}
                status={error ? "error" : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? id : undefined}
                onChange={(e) => set(interval.key, "end", e.target.value)}
                style={{ width: 140 }}
              />
              <Button
                aria-label={`${T.removeInterval} (${name})`}
                icon={<DeleteOutlined />}
                onClick={() => onChange(intervals.filter((i) => i.key !== interval.key))}
              />
            </Flex>
            {error ? (
              <Typography.Text type="danger" id={id} role="alert">
                {error}
              </Typography.Text>
            ) : null}
          </div>
        );
      })}
      <div>
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={`${T.addInterval} (${label})`}
          onClick={() => {
            const last = intervals[intervals.length - 1];
            onChange([...intervals, last ? newInterval(last.end, last.end === "00:00" ? "00:00" : "17:00") : newInterval()]);
          }}
        >
          {T.addInterval}
        </Button>
      </div>
    </Flex>
  );
}

/** The weekly hours of a clinician or a resource; the clinic's are Clinic details' (shown, changed in Settings). */
export function WeeklyCard({ owner, availability }: { owner: Owner; availability: Availability }) {
  return (
    <Card title={T.weekly} data-testid="weekly-hours">
      {owner.ownerKind === "clinic" ? <ClinicWeekly /> : <WeeklyForm owner={owner} availability={availability} />}
    </Card>
  );
}

function ClinicWeekly() {
  const clinic = useClinic();
  const maySettings = useCan("settings.manage");
  return (
    <>
      <Typography.Paragraph type="secondary">{T.clinicWeekly}</Typography.Paragraph>
      <List
        size="small"
        dataSource={WEEK}
        renderItem={(weekday) => {
          // WEEKDAYS is Monday first; the server's weekday 0 is Sunday.
          const day = clinic.hours[WEEKDAYS[(weekday + 6) % 7]!];
          const [oh, om] = day.opens.split(":").map(Number);
          const [ch, cm] = day.closes.split(":").map(Number);
          return (
            <List.Item>
              <Typography.Text strong>{T.weekdays[weekday]}</Typography.Text>
              <Typography.Text>
                {day.closed ? T.closed : stretchesText([{ startMinute: oh! * 60 + om!, endMinute: ch! * 60 + cm! }])}
              </Typography.Text>
            </List.Item>
          );
        }}
      />
      {maySettings ? <Link href="/settings">{T.clinicWeeklyEdit}</Link> : null}
    </>
  );
}

function WeeklyForm({ owner, availability }: { owner: Owner; availability: Availability }) {
  const initial = useMemo(() => {
    const days = new Map<number, Interval[]>(WEEK.map((d) => [d, []]));
    for (const row of availability.weekly) days.get(row.weekday)?.push(intervalOf(row));
    return days;
  }, [availability]);
  const [days, setDays] = useState(initial);
  const [errors, setErrors] = useState<IntervalErrors>(new Map());
  useEffect(() => {
    setDays(initial);
    setErrors(new Map());
  }, [initial]);
  const { saving, run } = useSave("booking");
  const save = async () => {
    const all = WEEK.flatMap((weekday) => (days.get(weekday) ?? []).map((i) => ({ ...i, extra: { weekday } })));
    const { rows, errors: found } = toStretches(all);
    const weekly = rows.map(({ key: _key, ...row }) => row as { weekday: number; startMinute: number; endMinute: number });
    const parsed = weeklyHoursInput.safeParse({ ownerKind: owner.ownerKind, ownerId: owner.ownerId, weekly });
    if (!parsed.success) schemaErrors(parsed.error.issues, ["weekly"], rows, found);
    setErrors(new Map(found));
    if (found.size || !parsed.success) return;
    await run({ write: (api) => api.booking.setWeeklyHours.mutate(parsed.data), success: T.weeklySaved, failure: T.weeklyFailed });
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{T.weeklyIntro}</Typography.Paragraph>
      <Flex vertical gap={12}>
        {WEEK.map((weekday) => (
          <Flex key={weekday} gap={12} wrap data-weekday={T.weekdays[weekday]}>
            <Typography.Text strong style={{ width: 100, paddingTop: 4 }}>
              {T.weekdays[weekday]}
            </Typography.Text>
            <Intervals
              label={T.weekdays[weekday]!}
              intervals={days.get(weekday) ?? []}
              errors={errors}
              onChange={(next) => setDays(new Map(days).set(weekday, next))}
            />
          </Flex>
        ))}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {T.hint}
      </Typography.Paragraph>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        {T.saveWeekly}
      </Button>
    </>
  );
}

const dateText = (date: string) => dayjs(date).format("ddd, MMM D, YYYY");

/** An owner's date overrides in date order (closed, or that date's hours), each removable, and a form to add one. */
export function OverridesCard({ owner, availability }: { owner: Owner; availability: Availability }) {
  const { modal } = App.useApp();
  const { run } = useSave("booking");
  const dates = useMemo(() => {
    const byDate = new Map<string, Availability["overrides"]>();
    for (const row of availability.overrides) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
    return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [availability]);
  const remove = (date: string) =>
    modal.confirm({
      title: T.removeOverrideQuestion(dateText(date)),
      okText: T.removeOverride,
      okButtonProps: { danger: true },
      onOk: () =>
        run({
          write: (api) =>
            api.booking.setDateOverride.mutate({
              ownerKind: owner.ownerKind,
              ownerId: owner.ownerId,
              date,
              closed: true,
              stretches: [],
              remove: true,
            }),
          success: T.overrideRemoved,
          failure: T.overrideFailed,
        }),
    });
  return (
    <Card title={T.overrides} data-testid="date-overrides">
      <Typography.Paragraph type="secondary">{T.overridesIntro}</Typography.Paragraph>
      {dates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.noOverrides} />
      ) : (
        <List
          size="small"
          dataSource={dates}
          renderItem={([date, rows]) => {
            const open = rows.filter((r) => r.startMinute !== null && r.endMinute !== null) as Array<{
              startMinute: number;
              endMinute: number;
            }>;
            const note = rows.find((r) => r.note)?.note;
            return (
              <List.Item
                data-override={date}
                actions={[
                  <Button
                    key="remove"
                    danger
                    size="small"
                    aria-label={`${T.removeOverride} ${dateText(date)}`}
                    onClick={() => remove(date)}
                  >
                    {T.removeOverride}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={dateText(date)}
                  description={
                    <>
                      {open.length ? stretchesText(open) : T.closedDay}
                      {note ? <Typography.Text type="secondary"> · {note}</Typography.Text> : null}
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
      <OverrideForm owner={owner} />
    </Card>
  );
}

function OverrideForm({ owner }: { owner: Owner }) {
  const [date, setDate] = useState<Dayjs | null>(null);
  const [kind, setKind] = useState<"closed" | "hours">("closed");
  const [intervals, setIntervals] = useState<Interval[]>([newInterval()]);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<IntervalErrors>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const { saving, run } = useSave("booking");
  const save = async () => {
    setFormError(null);
    if (!date) return setFormError(T.pickDate);
    const { rows, errors: found } = toStretches(kind === "hours" ? intervals : []);
    if (kind === "hours" && intervals.length === 0) return setFormError(T.needHours);
    const stretches = rows.map(({ key: _key, ...row }) => row);
    const parsed = dateOverrideInput.safeParse({
      ownerKind: owner.ownerKind,
      ownerId: owner.ownerId,
      date: date.format("YYYY-MM-DD"),
      closed: kind === "closed",
      stretches,
      note: note.trim() || undefined,
    });
    if (!parsed.success) schemaErrors(parsed.error.issues, ["stretches"], rows, found);
    setErrors(new Map(found));
    if (found.size) return;
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message ?? T.overrideFailed);
    const done = await run({
      write: (api) => api.booking.setDateOverride.mutate(parsed.data),
      success: T.overrideSaved,
      failure: T.overrideFailed,
    });
    if (done.ok) {
      setDate(null);
      setNote("");
      setIntervals([newInterval()]);
      setKind("closed");
    }
  };
  return (
    <Flex vertical gap={12} style={{ marginTop: 16 }} data-testid="override-form">
      <Flex gap={12} wrap align="center">
        <DatePicker aria-label={T.date} value={date} onChange={setDate} placeholder={T.pickDate} />
        <Radio.Group
          aria-label={T.kind}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          options={[
            { value: "closed", label: T.closedDay },
            { value: "hours", label: T.otherHours },
          ]}
        />
      </Flex>
      {kind === "hours" ? <Intervals label={T.otherHours} intervals={intervals} errors={errors} onChange={setIntervals} /> : null}
      <Input aria-label={T.note} placeholder={T.note} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
      {formError ? (
        <Typography.Text type="danger" role="alert">
          {formError}
        </Typography.Text>
      ) : null}
      <div>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {T.addOverride}
        </Button>
      </div>
    </Flex>
  );
}
