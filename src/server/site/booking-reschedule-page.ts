import type { Hono } from "hono";
import { CATALOGUES } from "../../client/public/catalogue/all";
import { LANGUAGE_CODES, type LanguageCode, localizedPath } from "../../shared/languages";
import { rescheduleInput, rescheduleLinkInput } from "../../shared/schemas/booking";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { describeError } from "../errors";
import { logRequestError, requestIdOf } from "../log";
import { bookingTime } from "../mail/booking-text";
import { BOOKING_TIME_ZONE } from "../services/booking-availability";
import { addDays, localDate } from "../services/booking-slots";
import { RESCHEDULE_DAYS, rescheduleByVisitor, type VisitorRescheduleState, visitorRescheduleState } from "../services/bookings";
import { esc, plainBookingPage } from "./booking-cancel-page";

/**
 * The visitor's reschedule page (issue 38; docs/decisions/0081-reschedule-link.md): the address the
 * reschedule link in a booking's mails opens, /booking/reschedule?token=...&from=... (/es/..., /zh/...).
 * A plain server page with no script, like the cancel page: GET shows the appointment's time and the free
 * times of its service with its clinician for 7 days (radio buttons in one form; "Earlier days" and
 * "Later days" are links); the POST moves it (booking.rescheduleByLink's service) and answers the new
 * time, or the 409 "just taken" / 400 "no longer available" words above fresh times. Inside the
 * late-cancel window it says to call. In the booking's own language; never cached, never indexed.
 */
const LOCALES: Record<LanguageCode, string> = { en: "en-US", es: "es-US", zh: "zh-CN" };

function dayLabel(date: string, language: LanguageCode) {
  // Noon UTC of the local date names the same date in any zone within 12 hours.
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: "UTC", dateStyle: "full" }).format(new Date(`${date}T12:00:00Z`));
}
const timeLabel = (start: Date, language: LanguageCode) =>
  new Intl.DateTimeFormat(LOCALES[language], { timeZone: BOOKING_TIME_ZONE, timeStyle: "short" }).format(start).replace(/\u202f/g, " ");

const linkTo = (path: string, token: string, from: string) => `${path}?token=${encodeURIComponent(token)}&from=${from}`;

function openBody(found: Extract<VisitorRescheduleState, { state: "open" }>, token: string, path: string, message: string | null) {
  const { language } = found;
  const words = CATALOGUES[language].B;
  const byDay = new Map<string, Date[]>();
  for (const time of found.times) {
    const day = localDate(time.start.getTime(), BOOKING_TIME_ZONE);
    byDay.set(day, [...(byDay.get(day) ?? []), time.start]);
  }
  const days = [...byDay].map(
    ([day, starts]) =>
      `<fieldset><legend>${esc(dayLabel(day, language))}</legend>` +
      starts
        .map(
          (start) =>
            `<div><label><input type="radio" name="start" value="${esc(start.toISOString())}" required> ` +
            `${esc(timeLabel(start, language))}</label></div>`,
        )
        .join("") +
      `</fieldset>`,
  );
  const today = localDate(Date.now(), BOOKING_TIME_ZONE);
  const later = addDays(found.from, RESCHEDULE_DAYS);
  // Earlier days from tomorrow on; later days up to the service's booking window (past it, no times).
  const pages = [
    found.from > today ? `<a href="${esc(linkTo(path, token, addDays(found.from, -RESCHEDULE_DAYS)))}">${esc(words.earlier)}</a>` : "",
    later <= found.lastDay ? `<a href="${esc(linkTo(path, token, later))}">${esc(words.later)}</a>` : "",
  ].filter(Boolean);
  return (
    `<p>${esc(words.rescheduleNow)} <strong>${esc(bookingTime(found.start, language, BOOKING_TIME_ZONE))}</strong></p>` +
    (message ? `<p role="alert">${esc(message)}</p>` : "") +
    `<h2>${esc(words.rescheduleChoose)}</h2>` +
    (days.length
      ? `<form method="post" action="${esc(path)}"><input type="hidden" name="token" value="${esc(token)}">` +
        `<input type="hidden" name="from" value="${esc(found.from)}">${days.join("")}` +
        `<p><button type="submit">${esc(words.rescheduleButton)}</button></p></form>`
      : `<p>${esc(words.none)}</p>`) +
    (pages.length ? `<p>${pages.join(" · ")}</p>` : "")
  );
}

async function page(
  deps: AppDeps,
  found: VisitorRescheduleState,
  token: string,
  path: string,
  pathLanguage: LanguageCode,
  refusal: { status: number; message: string } | null = null,
) {
  // A link that finds nothing is answered in the language of its address.
  const language: LanguageCode = found.state === "gone" ? pathLanguage : found.language;
  const words = CATALOGUES[language].B;
  let body: string;
  let status = 200;
  if (found.state === "gone") {
    body = `<p role="alert">${esc(words.cancelGone)}</p>`;
    status = 404;
  } else if (found.state === "open") {
    body = openBody(found, token, path, refusal?.message ?? null);
    status = refusal?.status ?? 200;
  } else {
    const when = `<p><strong>${esc(bookingTime(found.start, language, BOOKING_TIME_ZONE))}</strong></p>`;
    body =
      found.state === "late"
        ? `${when}<p role="alert">${esc(words.rescheduleLate.replace("{phone}", found.phone))}</p>`
        : `${when}<p role="status">${esc(found.status === "requested" ? words.rescheduleDoneRequested : words.rescheduleDone)}</p>`;
  }
  return plainBookingPage(deps, language, words.rescheduleTitle, body, status);
}

export function registerBookingReschedulePage(app: Hono, deps: AppDeps) {
  for (const language of LANGUAGE_CODES) {
    const path = localizedPath("/booking/reschedule", language);
    app.get(path, async (c) => {
      const token = c.req.query("token") ?? "";
      const read = rescheduleLinkInput.safeParse({ token, from: c.req.query("from") || undefined });
      const from = read.success ? read.data.from : undefined;
      return page(deps, await visitorRescheduleState(deps, token, from), token, path, language);
    });
    app.post(path, async (c) => {
      const form = await c.req.parseBody();
      const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
      const token = text("token");
      const from = rescheduleLinkInput.safeParse({ token, from: text("from") || undefined });
      const again = () => visitorRescheduleState(deps, token, from.success ? from.data.from : undefined);
      const posted = rescheduleInput.safeParse({ token, start: text("start") });
      if (!posted.success) {
        const found = await again();
        const words = CATALOGUES[found.language].B;
        return page(deps, found, token, path, language, { status: 400, message: words.rescheduleNoChoice });
      }
      try {
        const found = await rescheduleByVisitor(deps, (await createRequestContext(deps, c)).ip, token, posted.data.start);
        if (found.state === "moved") await deps.cacheBus.inquiries("changed");
        return page(deps, found, token, path, language);
      } catch (error) {
        const described = describeError(error);
        if (described.log)
          logRequestError({
            requestId: requestIdOf(c),
            method: "POST",
            route: "/booking/reschedule",
            status: described.status,
            ...described.log,
          });
        // 409 "just taken" or 400 "no longer available" (in the booking's language): above the fresh times.
        if (described.status !== 409 && described.status !== 400) throw error;
        return page(deps, await again(), token, path, language, { status: described.status, message: described.body.message });
      }
    });
  }
}
