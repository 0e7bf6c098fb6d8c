import path from "node:path";
import { createSecretBox } from "../src/server/auth/secret-box";
import { issueFormToken } from "../src/server/services/form-token";

/** Where the e2e server listens and how staff sign in to it (fixed per run; E2E_PORT picks another port). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password" };
/** The e2e server's SECRET_KEY, so the tests can make the form token the contact page would have rendered. */
export const E2E_SECRET_KEY = "e2e-secret-key-0123456789abcdef0123456789abcdef";
/** Every mail the e2e server sends arrives at a real SMTP server (started by global-setup), one JSON line each here. */
export const E2E_MAIL_LOG = path.resolve(`.tmp/e2e-mail-${E2E_PORT}.jsonl`);

/**
 * A form token as the contact page would have rendered `ageMs` ago (the server takes a form sent
 * sooner than 2 s after it was rendered for a bot's): what an inquiry sent through the REST route needs.
 */
export function formToken(ageMs = 10_000): string {
  return issueFormToken(createSecretBox(E2E_SECRET_KEY), new Date(Date.now() - ageMs));
}
