import type { Context as HonoContext } from "hono";
import type { PostedContactForm } from "../../client/public/site-context";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { describeError } from "../errors";
import { logRequestError, requestIdOf } from "../log";
import { createCaller } from "../routers";
import type { LanguageCode } from "../../shared/languages";
import { localizedContactMessage } from "../../shared/contact-messages";
import { CATALOGUES } from "../../client/public/catalogue/all";

/**
 * POST /contact: the inquiry form sent as a plain form, without JavaScript (or before it ran). The
 * values go through the same procedure as the page's own submit (contact.submit: the same schema, the
 * spam checks, the per-address limit), and the outcome is what the page renders: the spec's messages at
 * their fields with everything typed kept, the success message, or the failure with the values kept.
 */
export async function submitPostedContactForm(c: HonoContext, deps: AppDeps, language: LanguageCode = "en"): Promise<PostedContactForm> {
  const body = await c.req.parseBody({ all: true });
  const all = (name: string): string[] => {
    const value = body[name];
    return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is string => typeof item === "string");
  };
  const text = (name: string) => all(name)[0] ?? "";
  const ticked = (name: string) => all(name).length > 0;
  const values: PostedContactForm["values"] = {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    servicesInterested: all("servicesInterested"),
    availabilityDays: all("availabilityDays"),
    availabilityTimes: all("availabilityTimes"),
    healthConditions: text("healthConditions"),
    optInTexting: ticked("optInTexting"),
    privacyPolicy: ticked("privacyPolicy"),
    hipaaConsent: ticked("hipaaConsent"),
    termsAndConditions: ticked("termsAndConditions"),
  };
  try {
    const caller = createCaller(await createRequestContext(deps, c));
    // As posted: the procedure checks each value (its schema; a service the form does not offer now, say).
    const posted: unknown = { ...values, formToken: text("formToken") || undefined, website: text("website") || undefined, language };
    await caller.contact.submit(posted as Parameters<typeof caller.contact.submit>[0]);
    return { outcome: "sent", values, errors: {} };
  } catch (error) {
    const described = describeError(error);
    if (described.log)
      logRequestError({ requestId: requestIdOf(c), method: "POST", route: "/contact", status: described.status, ...described.log });
    if (described.status === 429) return { outcome: "throttled", values, errors: {}, message: described.body.message };
    const fieldErrors = described.body.fieldErrors;
    if (described.status === 400 && fieldErrors) {
      const errors: Record<string, string> = {};
      // In the form's language (issue 27): the schema's English message, said with the page's words.
      const words = CATALOGUES[language].CM.messages;
      for (const [field, messages] of Object.entries(fieldErrors))
        if (messages[0]) errors[field] = localizedContactMessage(messages[0], words);
      return { outcome: "invalid", values, errors };
    }
    return { outcome: "failed", values, errors: {} };
  }
}
