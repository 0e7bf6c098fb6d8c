import dayjs from "dayjs";
import { LANGUAGE_CODES, type LanguageCode } from "../../../../shared/languages";
import { clinicDayEnd, clinicDayStart } from "../../dates";
import { CONTACT_SERVICE_MAX } from "../../../../shared/contact-choices";
import { INQUIRY_PAGE_SIZES, INQUIRY_STATUSES, type InquiryStatus } from "../../../../shared/schemas/inquiries";

/**
 * What the desk shows, read from the address (?status=new&assignee=none&from=2026-03-01&page=2...), so
 * a filtered view survives a reload, can be shared, and the dashboard can link to one. Values that do
 * not fit are ignored (the default applies), never sent to the server.
 *
 * The date filter is a range of the clinic's calendar days (Utah's, as the list shows its times, whatever
 * the browser's time zone): `from` and `to` are dates in the address and travel to the server as the
 * instants those days start and end in Utah (both included). `language` is the page the visitor wrote from.
 */
export type InquirySort = "newest" | "oldest";

export interface DeskView {
  page: number;
  pageSize: number;
  sort: InquirySort;
  q?: string;
  status?: InquiryStatus;
  /** A service name as inquiries were sent with it (the choices are data: contact.serviceChoices). */
  service?: string;
  language?: LanguageCode;
  assignee?: number | "none";
  from?: string;
  to?: string;
}

export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES: readonly number[] = INQUIRY_PAGE_SIZES;

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : undefined;
}

/** A calendar date written YYYY-MM-DD that exists (2026-02-30 does not). */
export function isCalendarDate(value: string | null | undefined): value is string {
  return Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid() && dayjs(value).format("YYYY-MM-DD") === value);
}

export function readView(params: URLSearchParams): DeskView {
  const size = positiveInt(params.get("size"));
  const status = params.get("status");
  const service = params.get("service")?.trim();
  const assignee = params.get("assignee");
  const language = params.get("language");
  const q = params.get("q")?.trim().slice(0, 100);
  const from = params.get("from");
  const to = params.get("to");
  return {
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: size && PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: params.get("sort") === "oldest" ? "oldest" : "newest",
    q: q || undefined,
    status: status && (INQUIRY_STATUSES as readonly string[]).includes(status) ? (status as InquiryStatus) : undefined,
    service: service && service.length <= CONTACT_SERVICE_MAX ? service : undefined,
    language: (LANGUAGE_CODES as readonly (string | null)[]).includes(language) ? (language as LanguageCode) : undefined,
    assignee: assignee === "none" ? "none" : positiveInt(assignee),
    from: isCalendarDate(from) ? from : undefined,
    to: isCalendarDate(to) ? to : undefined,
  };
}

/**
 * The inquiry opened from the address (?open=12): the link in new-inquiry and reminder e-mails. It is
 * not part of the view: it neither filters the list nor moves it to another page.
 */
export function readOpen(params: URLSearchParams): number | undefined {
  return positiveInt(params.get("open"));
}

/** True when the view narrows the list (the order and the page do not). */
export function isFiltered(view: DeskView): boolean {
  return Boolean(view.q || view.status || view.service || view.language || view.assignee !== undefined || view.from || view.to);
}

/** The filter as the server takes it: contact.list's and the export's. */
export function serverFilter(view: DeskView) {
  return {
    ...(view.q ? { q: view.q } : {}),
    ...(view.status ? { status: view.status } : {}),
    ...(view.service ? { service: view.service } : {}),
    ...(view.language ? { language: view.language } : {}),
    ...(view.assignee !== undefined ? { assigneeId: view.assignee } : {}),
    ...(view.from ? { from: clinicDayStart(view.from) } : {}),
    ...(view.to ? { to: clinicDayEnd(view.to) } : {}),
  };
}

/** contact.list's input: the filter plus the page, its size and the order. */
export function listInput(view: DeskView) {
  return { ...serverFilter(view), page: view.page, pageSize: view.pageSize, sort: view.sort };
}

/** GET /api/admin/contact/export with the same filter as the screen. */
export function exportUrl(view: DeskView): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(serverFilter(view))) query.set(key, String(value));
  const text = query.toString();
  return `/api/admin/contact/export${text ? `?${text}` : ""}`;
}
