import { Typography } from "antd";
import { formatTime } from "../../dates";
import { ToneTag, type Tone } from "../../components/tones";
import { BK } from "../../text-booking";

/** A booking's status as a tag (requested gold, confirmed green, the ends grey or red), and its time. */
const TONE: Record<string, Tone> = {
  requested: "gold",
  confirmed: "green",
  attended: "blue",
  no_show: "red",
  declined: "grey",
  cancelled: "grey",
};

export function StatusTag({ status }: { status: string }) {
  return <ToneTag tone={TONE[status] ?? "grey"}>{BK.calendar.status[status] ?? status}</ToneTag>;
}

export function BookingTime({ booking }: { booking: { startsAt: Date | string; endsAt: Date | string } }) {
  return (
    <Typography.Text strong>
      {formatTime(booking.startsAt)} – {formatTime(booking.endsAt)}
    </Typography.Text>
  );
}
