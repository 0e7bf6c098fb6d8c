import { ClockCircleOutlined, ExclamationCircleFilled } from "@ant-design/icons";
import { Flex, Typography } from "antd";
import { Fragment } from "react";
import type { Outputs } from "../../outputs";
import { CONTACT_DAY_CHOICES, CONTACT_TIME_CHOICES } from "../../../../shared/schemas/contact";
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, type InquiryStatus } from "../../../../shared/schemas/inquiries";
import { I } from "../../text-inquiries";
import { ToneTag, type Tone } from "../../components/tones";
import { LANGUAGES, languageOf, type LanguageCode } from "../../../../shared/languages";

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

/**
 * The language the visitor wrote in (issue 36), in the staff's words ("English", "Spanish", "Chinese"):
 * a tag where it is not English, so a Spanish or Chinese speaker stands out before anyone calls.
 */
export const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language.code, label: language.name }));

export function LanguageMark({ language }: { language: LanguageCode }) {
  const name = languageOf(language).name;
  return language === "en" ? (
    <Typography.Text type="secondary" data-testid="inquiry-language">
      {name}
    </Typography.Text>
  ) : (
    <span data-testid="inquiry-language">
      <ToneTag tone="indigo">{name}</ToneTag>
    </span>
  );
}

/**
 * An e-mail address that breaks only where an address may, never inside a word. In a row (`shorten`):
 * only before its "@", each part whole on its line and ending in "..." when it alone is wider than the
 * cell (the whole address in the tooltip; the opened inquiry shows it whole). Whole: before the "@" and
 * each "." (a single part wider than the space, and only then, wraps where it must).
 */
export function EmailAddress({ email, shorten = false }: { email: string; shorten?: boolean }) {
  if (!shorten) {
    const parts = email.split(/(?=[@.])/);
    return (
      <span style={{ overflowWrap: "break-word" }}>
        {parts.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in their order
          <Fragment key={index}>
            {index > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        ))}
      </span>
    );
  }
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="email-part">{email}</span>;
  return (
    <>
      <span className="email-part">{email.slice(0, at)}</span>
      <wbr />
      <span className="email-part">{email.slice(at)}</span>
    </>
  );
}
