import type { Hono } from "hono";
import { createRequestContext } from "../context";
import { CATALOGUES } from "../../client/public/catalogue/all";
import { LANGUAGE_CODES, type LanguageCode, localizedPath } from "../../shared/languages";
import type { AppDeps } from "../deps";
import { bookingTime } from "../mail/booking-text";
import { BOOKING_TIME_ZONE } from "../services/booking-availability";
import { cancelByVisitor, type VisitorCancelState, visitorCancelState } from "../services/bookings";
import { getBrand } from "../services/brand";
import { getClinic } from "../services/settings";
import { faviconTags } from "./ssr/brand-head";

/**
 * The visitor's cancel page (issue 38; docs/decisions/0076-booking-mail-and-page.md): the address the
 * cancel link in a booking's mails opens, /booking/cancel?token=... (/es/..., /zh/...). A plain page
 * with no script: GET shows the appointment's time and a form that posts the token back; the POST
 * cancels (frees the time, mails the cancellation). Inside the late-cancel window it says to call, with
 * the clinic's phone. In the booking's own language; never cached, never indexed.
 */
export const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The plain page of a link from a booking's mail (cancel, reschedule): no script, no stylesheet, the
 * clinic's name and phone under the body; never cached, never indexed, no referrer to another site.
 */
export async function plainBookingPage(deps: AppDeps, language: LanguageCode, title: string, body: string, status: number) {
  const [clinic, brand] = await Promise.all([getClinic(deps.db), getBrand(deps.db)]);
  const html =
    `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    // The clinic's icon, as every page of the site has it (else a browser asks for /favicon.ico, which is not there).
    faviconTags(brand.favicon) +
    `<title>${esc(title)} | ${esc(clinic.name)}</title></head>` +
    `<body><main><h1>${esc(title)}</h1>${body}` +
    `<p><a href="${esc(localizedPath("/", language))}">${esc(clinic.name)}</a> · ` +
    `<a href="tel:${esc(clinic.phone.replace(/[^\d+]/g, ""))}">${esc(clinic.phone)}</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=UTF-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      // Its address holds the link's token: no other site is told it. Not "no-referrer": a browser then
      // sends the page's own form with Origin "null", which the site's CSRF check refuses (403).
      "Referrer-Policy": "same-origin",
    },
  });
}

async function page(deps: AppDeps, found: VisitorCancelState, token: string, action: string, pathLanguage: LanguageCode) {
  // A link that finds nothing is answered in the language of its address.
  const language: LanguageCode = found.state === "gone" ? pathLanguage : found.language;
  const words = CATALOGUES[language].B;
  const when = found.state === "gone" ? "" : `<p><strong>${esc(bookingTime(found.start, language, BOOKING_TIME_ZONE))}</strong></p>`;
  const phone = found.state === "gone" ? "" : found.phone;
  const body = {
    open:
      `<p>${esc(words.cancelAsk)}</p>${when}<form method="post" action="${esc(action)}">` +
      `<input type="hidden" name="token" value="${esc(token)}"><button type="submit">${esc(words.cancelButton)}</button></form>`,
    late: `${when}<p role="alert">${esc(words.lateCall.replace("{phone}", phone))}</p>`,
    cancelled: `${when}<p role="status">${esc(words.cancelDone)}</p>`,
    gone: `<p role="alert">${esc(words.cancelGone)}</p>`,
  }[found.state];
  return plainBookingPage(deps, language, words.cancelTitle, body, found.state === "gone" ? 404 : 200);
}

export function registerBookingCancelPage(app: Hono, deps: AppDeps) {
  for (const language of LANGUAGE_CODES) {
    const path = localizedPath("/booking/cancel", language);
    app.get(path, async (c) => {
      const token = c.req.query("token") ?? "";
      return page(deps, await visitorCancelState(deps, token), token, path, language);
    });
    app.post(path, async (c) => {
      const form = await c.req.parseBody();
      const token = typeof form.token === "string" ? form.token : "";
      const found = await cancelByVisitor(deps, (await createRequestContext(deps, c)).ip, token);
      if (found.state === "cancelled") await deps.cacheBus.inquiries("changed");
      return page(deps, found, token, path, language);
    });
  }
}
