import { ClockCircleOutlined, ExclamationCircleFilled } from "@ant-design/icons";
import { Flex, Typography } from "antd";
import type { Outputs } from "../../outputs";
import { CONTACT_DAY_CHOICES, CONTACT_TIME_CHOICES } from "../../../../shared/schemas/contact";
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, type InquiryStatus } from "../../../../shared/schemas/inquiries";
import { I } from "../../text-inquiries";
import { ToneTag, type Tone } from "../../components/tones";

/** Pieces shared by the desk's table and the opened inquiry. */
export type InquirySummary = Outputs["contact"]["list"]["items"][number];
export type OpenedInquiry = Outputs["contact"]["byId"];
export type Assignee = Outputs["contact"]["assignees"][number];

export const dayLabel = new Map<string, string>(CONTACT_DAY_CHOICES.map((c) => [c.value, c.label]));
export const timeLabel = new Map<string, string>(CONTACT_TIME_CHOICES.map((c) => [c.value, c.label]));

const STATUS_TONES: Record<InquiryStatus, Tone> = {
  new: "blue",
  contacted: "cyan",
  scheduled: "green",
  closed: "grey",
  spam: "orange",
};

export const STATUS_OPTIONS = INQUIRY_STATUSES.map((value) => ({ value, label: INQUIRY_STATUS_LABELS[value] }));

export function statusLabel(status: string): string {
  return INQUIRY_STATUS_LABELS[status as InquiryStatus] ?? status;
}

export function StatusTag({ status }: { status: string }) {
  return <ToneTag tone={STATUS_TONES[status as InquiryStatus] ?? "grey"}>{statusLabel(status)}</ToneTag>;
}

/** An overdue inquiry says so in words, not only in colour: the tag and why. */
export function OverdueMark() {
  return (
    <Flex vertical align="flex-start" gap={2} data-testid="overdue">
      <ToneTag tone="red" icon={<ExclamationCircleFilled />}>
        {I.desk.overdue}
      </ToneTag>
      <Typography.Text style={{ color: "#a8071a", fontSize: 12 }}>
        <ClockCircleOutlined /> {I.desk.overdueWhy}
      </Typography.Text>
    </Flex>
  );
}

/** tel: links dial the digits (and a leading +) only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
