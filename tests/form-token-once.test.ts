import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, formTokenUses, mailOutbox } from "../src/server/db/schema";
import { FORM_TOKEN_MAX_AGE_MS, issueFormToken } from "../src/server/services/form-token";
import { deleteExpiredRows } from "../src/server/services/maintenance";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * A contact-form token carries one inquiry (issue 20, item 8): the same token sent again (a replayed
 * request, a script posting one token many times) is stored as Spam, notifies no one, and is answered
 * exactly as a success, so the sender learns nothing.
 */
let t: TestApp;
let run = 0;
beforeAll(async () => {
  t = await createTestApp({ smtpUrl: "smtp://127.0.0.1:9" });
});
afterAll(() => t.close());

function inquiry(formToken: string) {
  run += 1;
  return {
    name: `Replay Person${run}`,
    email: `replay${run}@example.org`,
    phone: "801-555-0142",
    servicesInterested: ["Ozone Therapy"],
    privacyPolicy: true,
    hipaaConsent: true,
    termsAndConditions: true,
    formToken,
  };
}

async function send(formToken: string, ip = "198.51.100.61") {
  const res = await t.request("/api/contact", { json: inquiry(formToken), ip });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

async function stored(id: number) {
  const [row] = await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  const [mail] = await t.deps.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.submissionId, id));
  return { status: row!.status, spamReason: row!.spamReason, mail: mail!.n };
}

describe("a form token is accepted once", () => {
  it("a second inquiry with the same token is Spam, answered as a success, and mails no one", async () => {
    const token = t.formToken();
    const first = await send(token);
    const replay = await send(token, "198.51.100.62");
    expect(Object.keys(replay).sort()).toEqual(Object.keys(first).sort());
    expect(await stored(first.id)).toMatchObject({ status: "new", spamReason: null });
    expect((await stored(first.id)).mail).toBeGreaterThan(0);
    expect(await stored(replay.id)).toEqual({ status: "spam", spamReason: "reused_token", mail: 0 });
    // And again: every further use is Spam too.
    expect(await stored((await send(token, "198.51.100.63")).id)).toMatchObject({ spamReason: "reused_token" });
  });

  it("the same token sent five times at once makes one inquiry and four Spam", async () => {
    const token = t.formToken();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => send(token, `198.51.100.${70 + i}`)));
    const rows = await t.deps.db
      .select()
      .from(contactSubmissions)
      .where(
        inArray(
          contactSubmissions.id,
          answers.map((a) => a.id),
        ),
      );
    expect(rows.map((r) => r.spamReason).sort()).toEqual([null, "reused_token", "reused_token", "reused_token", "reused_token"]);
  });

  it("every token is new, even two issued in the same millisecond", () => {
    const at = new Date(Date.now() - 10_000);
    expect(issueFormToken(t.deps.secrets, at)).not.toBe(issueFormToken(t.deps.secrets, at));
  });

  it("a token older than 30 days is Spam; a used token's row is kept until then and deleted after", async () => {
    const old = await send(t.formToken(FORM_TOKEN_MAX_AGE_MS + 60_000), "198.51.100.81");
    expect(await stored(old.id)).toMatchObject({ status: "spam", spamReason: "expired_token" });
    const token = t.formToken(FORM_TOKEN_MAX_AGE_MS - 60 * 60_000);
    await send(token, "198.51.100.82");
    const uses = async () => (await t.deps.db.select({ n: count() }).from(formTokenUses))[0]!.n;
    const before = await uses();
    await deleteExpiredRows(t.deps.db);
    expect(await uses()).toBe(before);
    await deleteExpiredRows(t.deps.db, new Date(Date.now() + 2 * 60 * 60_000));
    expect(await uses()).toBe(before - 1);
  });
});
