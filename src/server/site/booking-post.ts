import { createHash } from "node:crypto";
import type { Context as HonoContext } from "hono";
import { CATALOGUES } from "../../client/public/catalogue/all";
import type { PostedBookingForm } from "../../client/public/site-context";
import { localizedContactMessage } from "../../shared/contact-messages";
import type { LanguageCode } from "../../shared/languages";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { describeError } from "../errors";
import { logRequestError, requestIdOf } from "../log";
import { createCaller } from "../routers";

/**
 * POST /services/<slug>/book/<day>/<start> (and /es/..., /zh/...): the Book page's form sent as a plain
 * form, without JavaScript. The values go through the same procedure as a scripted booking
 * (booking.book: the contact form's schema, token, spam checks and per-address limit); the idempotency
 * key is made from the page's form token, so a form sent twice (a double click, a reload that posts
 * again) books once and answers the first result.
 */
export async function submitPostedBooking(c: HonoContext, deps: AppDeps, language: LanguageCode): Promise<PostedBookingForm> {
  const body = await c.req.parseBody();
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
  const ticked = (name: string) => text(name) !== "";
  const values: PostedBookingForm["values"] = {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    healthConditions: text("healthConditions"),
    optInTexting: ticked("optInTexting"),
    privacyPolicy: ticked("privacyPolicy"),
    hipaaConsent: ticked("hipaaConsent"),
    termsAndConditions: ticked("termsAndConditions"),
  };
  const words = CATALOGUES[language];
  try {
    const caller = createCaller(await createRequestContext(deps, c));
    const formToken = text("formToken");
    const posted: unknown = {
      ...values,
      formToken: formToken || undefined,
      website: text("website") || undefined,
      language,
      service: text("service"),
      start: text("start"),
      idempotencyKey: `form-${createHash("sha256")
        .update(formToken || `${Math.random()}`)
        .digest("base64url")}`,
    };
    const answer = await caller.booking.book(posted as Parameters<typeof caller.booking.book>[0]);
    return { outcome: answer.status, values, errors: {}, conversionToken: answer.conversionToken };
  } catch (error) {
    const described = describeError(error);
    if (described.log)
      logRequestError({ requestId: requestIdOf(c), method: "POST", route: "/book", status: described.status, ...described.log });
    if (described.status === 429) return { outcome: "throttled", values, errors: {}, message: described.body.message };
    if (described.status === 409) return { outcome: "taken", values, errors: {}, message: words.B.taken };
    const fieldErrors = described.body.fieldErrors;
    if (described.status === 400 && fieldErrors) {
      if (fieldErrors.start) return { outcome: "taken", values, errors: {}, message: words.B.notFree };
      const errors: Record<string, string> = {};
      for (const [field, messages] of Object.entries(fieldErrors))
        if (messages[0]) errors[field] = localizedContactMessage(messages[0], words.CM.messages);
      return { outcome: "invalid", values, errors };
    }
    return { outcome: "failed", values, errors: {} };
  }
}
