import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { keepPreviousData } from "@tanstack/react-query";
import { Alert, Button, Card, Col, DatePicker, Empty, Flex, Row, Segmented, Select, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { CLINIC_TIME_ZONE } from "../../../../shared/clinic-date";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { QueryState } from "../../components/QueryState";
import { RefreshButton } from "../../components/RefreshButton";
import { clinicToday } from "../../dates";
import type { Outputs } from "../../outputs";
import { useCan } from "../../permissions";
import { BK } from "../../text-booking";
import { BookingActions } from "./BookingActions";
import { FeedCard } from "./FeedCard";
import { BookingTime, StatusTag } from "./parts";

/**
 * The booking calendar (issue 38; bookings.work): one clinician's or one room's or device's day or
 * week, in the clinic's time zone: each day's open hours (the clinic's ∩ the owner's; the rest is
 * blocked) and its bookings, requests first in colour, with the acts a booking's status allows (confirm,
 * decline with a message, move, cancel, attended, no-show). A booking names no one: its inquiry opens on
 * the desk (/contact?open=id) under the desk's own scope rules and access history. An account linked to
 * a clinician sees only that clinician's calendar (the server decides: booking-calendar.ts).
 */
type Context = Outputs["booking"]["calendarContext"];
type Booking = Outputs["booking"]["calendar"][number];
type View = "day" | "week";

const mondayOf = (date: string) => {
  const d = dayjs(date);
  return d.subtract((d.day() + 6) % 7, "day").format("YYYY-MM-DD");
};
const datesOf = (from: string, count: number) => Array.from({ length: count }, (_, i) => dayjs(from).add(i, "day").format("YYYY-MM-DD"));
const dayTitle = (date: string) => dayjs(date).format("ddd, MMM D");

export default function CalendarScreen() {
  const context = trpc.booking.calendarContext.useQuery();
  return (
    <QueryState query={context} failed={BK.calendar.failed}>
      {(data) => <Calendar context={data} />}
    </QueryState>
  );
}

function Calendar({ context }: { context: Context }) {
  const [view, setView] = useState<View>("week");
  const [date, setDate] = useState(clinicToday());
  const first = context.ownClinicianId ?? context.clinicians[0]?.id;
  const [owner, setOwner] = useState<string | undefined>(
    first !== undefined ? `c${first}` : context.resources[0] ? `r${context.resources[0].id}` : undefined,
  );
  const from = view === "day" ? date : mondayOf(date);
  const dates = datesOf(from, view === "day" ? 1 : 7);
  const to = dates[dates.length - 1]!;
  const filter = owner?.startsWith("r") ? { resourceId: Number(owner.slice(1)) } : owner ? { clinicianId: Number(owner.slice(1)) } : {};
  const enabled = owner !== undefined;
  const bookings = trpc.booking.calendar.useQuery({ from, to, ...filter }, { enabled, placeholderData: keepPreviousData });
  const hours = trpc.booking.calendarHours.useQuery({ from, to, ...filter }, { enabled, placeholderData: keepPreviousData });
  const titles = useMemo(() => new Map(context.services.map((s) => [s.id, s.title])), [context.services]);
  const step = view === "day" ? 1 : 7;
  const clinician = owner?.startsWith("c") ? context.clinicians.find((c) => c.id === Number(owner.slice(1))) : undefined;

  if (!enabled) return <Empty description={BK.calendar.nothingToShow} />;
  const options = [
    { label: BK.calendar.clinicians, options: context.clinicians.map((c) => ({ value: `c${c.id}`, label: c.name })) },
    ...(context.resources.length
      ? [{ label: BK.calendar.resources, options: context.resources.map((r) => ({ value: `r${r.id}`, label: r.name })) }]
      : []),
  ];

  return (
    <>
      <PageHeader subtitle={BK.calendar.subtitle} extra={<RefreshButton query={bookings} />} />
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Select
          aria-label={BK.calendar.whose}
          value={owner}
          onChange={setOwner}
          options={options}
          style={{ minWidth: 220 }}
          disabled={context.ownOnly}
        />
        <Segmented<View>
          aria-label={BK.calendar.views}
          value={view}
          onChange={setView}
          options={[
            { value: "day", label: BK.calendar.day },
            { value: "week", label: BK.calendar.week },
          ]}
        />
        <Space.Compact>
          <Button
            aria-label={BK.calendar.previous}
            icon={<LeftOutlined />}
            onClick={() => setDate(dayjs(date).subtract(step, "day").format("YYYY-MM-DD"))}
          />
          <Button onClick={() => setDate(clinicToday())}>{BK.calendar.today}</Button>
          <Button
            aria-label={BK.calendar.next}
            icon={<RightOutlined />}
            onClick={() => setDate(dayjs(date).add(step, "day").format("YYYY-MM-DD"))}
          />
        </Space.Compact>
        <DatePicker
          aria-label={BK.calendar.date}
          allowClear={false}
          value={dayjs(date)}
          onChange={(value) => value && setDate(value.format("YYYY-MM-DD"))}
        />
        <Typography.Text type="secondary">{BK.calendar.timeZone(context.timeZone)}</Typography.Text>
      </Flex>
      {context.ownOnly ? <Alert type="info" showIcon title={BK.calendar.ownOnly} style={{ marginBottom: 16 }} /> : null}
      <QueryState query={bookings} failed={BK.calendar.failed}>
        {(rows) => (
          <Row gutter={[16, 16]}>
            {dates.map((day) => (
              <Col key={day} xs={24} md={view === "day" ? 24 : 12} xxl={view === "day" ? 24 : 8}>
                <DayCard
                  date={day}
                  open={hours.data?.days.find((d) => d.date === day)?.open}
                  bookings={rows.filter((row) => localDay(row.startsAt) === day)}
                  titles={titles}
                />
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
      {clinician?.mayManageFeed ? <FeedCard clinician={clinician} /> : null}
    </>
  );
}

const DAY_OF = new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const localDay = (instant: Date | string) => DAY_OF.format(new Date(instant));

function DayCard({
  date,
  open,
  bookings,
  titles,
}: {
  date: string;
  open: Array<{ startMinute: number; endMinute: number }> | undefined;
  bookings: Booking[];
  titles: Map<number, string>;
}) {
  const mayOpenInquiry = useCan("inquiries.view");
  return (
    <Card size="small" title={<span data-date={date}>{dayTitle(date)}</span>} role="region" aria-label={dayTitle(date)}>
      {open ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {open.length ? BK.calendar.open(open) : BK.calendar.closed}
        </Typography.Paragraph>
      ) : null}
      {bookings.length === 0 ? (
        <Typography.Text type="secondary">{BK.calendar.empty}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          {bookings.map((booking) => {
            const service = BK.calendar.service(booking.serviceId !== null ? titles.get(booking.serviceId) : undefined);
            return (
              <article
                key={booking.id}
                data-booking={booking.id}
                aria-label={BK.calendar.bookingLabel(
                  dayjs(booking.startsAt).toISOString(),
                  BK.calendar.status[booking.status] ?? "",
                  service,
                )}
                style={{
                  borderLeft: `4px solid ${booking.status === "requested" ? "#faad14" : booking.status === "confirmed" ? "#52c41a" : "#d9d9d9"}`,
                  paddingLeft: 8,
                }}
              >
                <Flex wrap gap={8} align="center">
                  <BookingTime booking={booking} />
                  <StatusTag status={booking.status} />
                  <Typography.Text>{service}</Typography.Text>
                </Flex>
                {booking.staffMessage ? <Typography.Text type="secondary">{booking.staffMessage}</Typography.Text> : null}
                <Flex wrap gap={6} style={{ marginTop: 6 }}>
                  <BookingActions booking={booking} />
                  {booking.inquiryId !== null && mayOpenInquiry ? (
                    <Link href={`/contact?open=${booking.inquiryId}`}>{BK.calendar.openInquiry}</Link>
                  ) : null}
                </Flex>
              </article>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
