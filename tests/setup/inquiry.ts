import type { SecretBox } from "../../src/server/auth/secret-box";
import { issueFormToken } from "../../src/server/services/form-token";

/**
 * The JSON body of an inquiry sent to POST /api/contact by the tests that drive a built server: the
 * required fields, the consents, and a fresh form token as the contact page would have rendered it ten
 * seconds earlier (a token is accepted once). `name` and `email` are made from `tag`.
 */
export function inquiryJson(secrets: SecretBox, tag: string): string {
  return JSON.stringify({
    name: tag,
    email: `${tag.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`,
    phone: "801-555-0100",
    servicesInterested: ["Ozone Therapy"],
    privacyPolicy: true,
    hipaaConsent: true,
    termsAndConditions: true,
    formToken: issueFormToken(secrets, new Date(Date.now() - 10_000)),
  });
}
