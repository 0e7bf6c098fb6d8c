import { createHash, createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox, PURPOSES, purposeKeys } from "../src/server/auth/secret-box";
import { contactSubmissions } from "../src/server/db/schema";
import { conversionClaim, issueConversionToken } from "../src/server/services/conversion-token";
import { issueFormToken, judgeSubmission } from "../src/server/services/form-token";
import { createTestApp, TEST_SECRET_KEY, type TestApp } from "./setup/test-app";

/**
 * Issue 34 item 8: every use of the key ring has a key of its own, derived with HKDF (encryption, blind
 * index, signing, analytics), none the key's own bytes; what the old keys wrote still opens, and a
 * form token from before the change still carries its inquiry.
 */
const NEW_KEY = "purpose-keys-new-key-fedcba9876543210fedcba9876543210";
const FORM = "inquiry-form-token";

/** HMAC-SHA256 under a purpose subkey of `key`, as sign() makes it: with the key's raw bytes, or sha256 of it as before the purpose keys. */
const signedWith = (key: Buffer, purpose: string, body: string) =>
  createHmac("sha256", createHmac("sha256", key).update(purpose).digest()).update(body).digest("base64url");
const raw = Buffer.from(TEST_SECRET_KEY, "utf8");
const preHkdf = createHash("sha256").update(TEST_SECRET_KEY, "utf8").digest();
const bodyOf = (token: string) => token.split(".")[0]!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("purpose keys", () => {
  it("one per purpose, pairwise different, none the key's bytes or the old sha256 of it", () => {
    const keys = purposeKeys(TEST_SECRET_KEY);
    expect(Object.keys(keys).sort()).toEqual(Object.keys(PURPOSES).sort());
    const hex = [...Object.values(keys).map((key) => key.toString("hex")), raw.toString("hex"), preHkdf.toString("hex")];
    expect(new Set(hex).size).toBe(hex.length);
    expect(new Set(Object.values(PURPOSES)).size).toBe(Object.keys(PURPOSES).length);
  });

  it("a fresh form token is signed by the signing key: not with the key's bytes, nor the old encryption key; those do not verify", () => {
    const token = issueFormToken(t.deps.secrets, new Date(Date.now() - 10_000));
    const [body, signature] = token.split(".") as [string, string];
    expect(signature).toBe(signedWith(purposeKeys(TEST_SECRET_KEY).signing, FORM, body));
    expect(signature).not.toBe(signedWith(preHkdf, FORM, body));
    expect(judgeSubmission(t.deps.secrets, { formToken: token }).spam).toBeNull();
    expect(judgeSubmission(t.deps.secrets, { formToken: `${body}.${signedWith(raw, FORM, body)}` }).spam).toBe("bad_token");
    // A conversion token the same: only the signing key's signature counts.
    const conversion = issueConversionToken(t.deps.secrets, 1, false);
    expect(conversionClaim(t.deps.secrets, conversion)).not.toBeNull();
    for (const key of [raw, preHkdf, purposeKeys(TEST_SECRET_KEY).encryption]) {
      expect(
        conversionClaim(t.deps.secrets, `${bodyOf(conversion)}.${signedWith(key, "conversion-token", bodyOf(conversion))}`),
      ).toBeNull();
    }
  });

  it("an inquiry sent with a form token signed before the purpose keys is a person's, not Spam (a page opened before the upgrade)", async () => {
    const fresh = issueFormToken(t.deps.secrets, new Date(Date.now() - 60_000));
    const old = `${bodyOf(fresh)}.${signedWith(preHkdf, FORM, bodyOf(fresh))}`;
    const res = await t.request("/api/contact", {
      json: {
        name: "Before Upgrade",
        email: "before.upgrade@example.org",
        phone: "801-555-0142",
        servicesInterested: ["Ozone Therapy"],
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: old,
      },
      ip: "198.51.100.91",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.deps.db
      .select({ status: contactSubmissions.status, spamReason: contactSubmissions.spamReason })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id));
    expect(row).toEqual({ status: "new", spamReason: null });
  });

  it("rotation: the newest key signs, every key of the ring verifies", () => {
    const before = createSecretBox(TEST_SECRET_KEY);
    const during = createSecretBox([NEW_KEY, TEST_SECRET_KEY]);
    const after = createSecretBox(NEW_KEY);
    const oldToken = issueFormToken(before, new Date(Date.now() - 10_000));
    expect(judgeSubmission(during, { formToken: oldToken }).spam).toBeNull();
    expect(judgeSubmission(after, { formToken: oldToken }).spam).toBe("bad_token");
    const newToken = issueFormToken(during, new Date(Date.now() - 10_000));
    expect(judgeSubmission(after, { formToken: newToken }).spam).toBeNull();
    expect(judgeSubmission(before, { formToken: newToken }).spam).toBe("bad_token");
    expect(conversionClaim(during, issueConversionToken(before, 1, false))).not.toBeNull();
  });

  it("what the key wrote before still opens and matches: v2 and v1 ciphertexts, blind-index hashes", () => {
    // Written by the code before the purpose keys, with TEST_SECRET_KEY.
    const box = t.deps.secrets;
    const at = { table: "contact_submissions", column: "health_conditions", id: 7 };
    expect(box.decrypt("v2:df2efb6f:B2Q83aEXmGDaqFgTVr4GH7pSkacGMkmLEzOqIYXYk2kQhMyLlXX9Bb9Ki7f3SAU0", at)).toBe("Knee pain since 2019");
    expect(box.decrypt("v1:GahlpT/2gtA8A07q3yTyG9nFXOqVfBT26a734K7GBQeVT9HtdIQIJD3lGfk=", at)).toBe("Old format value");
    expect(box.indexers[0]!("e:jane.doe@example.com")).toBe("KUpNDbuOZyzc2D_P");
    expect(box.keyId).toBe("df2efb6f");
  });
});
