import { sql, type SQL } from "drizzle-orm";
import type { Binding, SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";
import { contactSubmissions, type ConsentReceipt } from "../db/schema";

/**
 * Who sent an inquiry (name, e-mail, phone, services of interest, consent receipt) is stored as one
 * encrypted JSON value in contact_submissions.identity, bound to its row (auth/secret-box.ts). Search
 * and the service filter go through a blind index, contact_submissions.search_terms: keyed hashes
 * (HMAC under an index key derived from the secret key, never an encryption key) of
 *
 * - the e-mail, trimmed and lower-case ("e:"): found by the whole address;
 * - the phone's digits ("p:"): the whole number and every ending of 4 digits or more, so
 *   "(801) 555-0142" is found by 8015550142, 5550142 or 0142, whatever the punctuation typed;
 * - the name's words ("n:"), accents and case folded: every prefix of 3 letters or more of each word
 *   (a word of 1-2 letters whole), so "Zoë O'Brien-Hale" is found by "zoe", "obri", "hale", "Zoe Hale";
 * - the services of interest ("s:"), for the service filter.
 *
 * A search of several words needs all of them (in any order). A substring inside a word ("rien"), part of
 * an e-mail ("example.com") and a phone fragment that is not its ending are not found: the index holds
 * no text to look into. There is no sort by name (the desk sorts by date only).
 */

export interface InquiryIdentity {
  name: string;
  email: string;
  phone: string | null;
  servicesInterested: string[];
  consentReceipt: ConsentReceipt | null;
}

export const IDENTITY_COLUMN = "identity";
export const UNREADABLE = "[unreadable: no loaded key opens it, or it was moved from another row]";

export function bindingOf(table: string, column: string, id: number): Binding {
  return { table, column, id };
}
export const identityAt = (id: number) => bindingOf("contact_submissions", "identity", id);
export const healthAt = (id: number) => bindingOf("contact_submissions", "health_conditions", id);
export const noteAt = (id: number) => bindingOf("contact_notes", "body", id);
export const totpAt = (id: number) => bindingOf("admin_users", "two_factor_secret", id);

/** An identity that cannot be decrypted: shown as such, never as garbage, and the desk keeps working. */
export function unreadableIdentity(): InquiryIdentity & { unreadable: true } {
  return { name: UNREADABLE, email: "", phone: null, servicesInterested: [], consentReceipt: null, unreadable: true };
}

export function openIdentity(secrets: SecretBox, id: number, sealed: string | null): InquiryIdentity & { unreadable?: true } {
  if (!sealed) return unreadableIdentity();
  try {
    const value = JSON.parse(secrets.decrypt(sealed, identityAt(id))) as InquiryIdentity;
    return {
      name: value.name,
      email: value.email,
      phone: value.phone ?? null,
      servicesInterested: value.servicesInterested ?? [],
      consentReceipt: value.consentReceipt ?? null,
    };
  } catch {
    return unreadableIdentity();
  }
}

/** A sealed value's text, or UNREADABLE (wrong key, damaged, or moved from another row or column). */
export function safeDecrypt(secrets: SecretBox, sealed: string, at: Binding): string {
  try {
    return secrets.decrypt(sealed, at);
  } catch {
    return UNREADABLE;
  }
}

// ---- the blind index ----

const MAX_PREFIX = 24;

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a name (or a search), accents and case folded, apostrophes dropped. */
export function nameWords(text: string): string[] {
  return fold(text)
    .replace(/['’ʼ`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_PREFIX));
}

export function normaliseEmail(email: string): string {
  return email.trim().normalize("NFKC").toLowerCase();
}

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** The plain terms of an identity (before hashing). */
export function identityTerms(identity: Pick<InquiryIdentity, "name" | "email" | "phone" | "servicesInterested">): string[] {
  const terms = new Set<string>();
  for (const word of nameWords(identity.name)) {
    if (word.length < 3) terms.add(`n:${word}`);
    for (let n = 3; n <= word.length; n += 1) terms.add(`n:${word.slice(0, n)}`);
  }
  if (identity.email) terms.add(`e:${normaliseEmail(identity.email)}`);
  const digits = phoneDigits(identity.phone ?? "");
  if (digits.length > 0 && digits.length < 4) terms.add(`p:${digits}`);
  for (let n = 4; n <= digits.length; n += 1) terms.add(`p:${digits.slice(-n)}`);
  for (const service of identity.servicesInterested) terms.add(`s:${service}`);
  return [...terms];
}

function textArray(values: string[]): SQL {
  // Keyed hashes are base64url: no quoting needed inside the array literal.
  return sql`${`{${values.join(",")}}`}::text[]`;
}

/** The condition of a search text: its e-mail, its phone digits, or all of its words. */
export function searchCondition(secrets: SecretBox, q: string): SQL | undefined {
  const any: string[] = [];
  if (q.includes("@")) any.push(`e:${normaliseEmail(q)}`);
  const digits = phoneDigits(q);
  if (/^[\d\s().+-]+$/.test(q) && digits.length >= 4) any.push(`p:${digits}`);
  const words = nameWords(q).map((word) => `n:${word}`);
  const t = contactSubmissions.searchTerms;
  const perKey = secrets.indexers.flatMap((hash) => {
    const parts: SQL[] = [];
    if (any.length > 0) parts.push(sql`${t} && ${textArray(any.map(hash))}`);
    if (words.length > 0) parts.push(sql`${t} @> ${textArray(words.map(hash))}`);
    return parts;
  });
  if (perKey.length === 0) return sql`false`;
  return sql`(${sql.join(perKey, sql` or `)})`;
}

/** The service filter through the blind index. */
export function serviceCondition(secrets: SecretBox, service: string): SQL {
  const t = contactSubmissions.searchTerms;
  return sql`${t} && ${textArray(secrets.indexers.map((hash) => hash(`s:${service}`)))}`;
}

/** The sealed identity and its blind index, for the row `id`. */
export function sealIdentity(secrets: SecretBox, id: number, identity: InquiryIdentity): { identity: string; searchTerms: string[] } {
  const hash = secrets.indexers[0]!;
  return {
    identity: secrets.encrypt(JSON.stringify(identity), identityAt(id)),
    searchTerms: identityTerms(identity).map(hash),
  };
}

/** The next ids of a table's identity column (a row's id is needed before encrypting: it is bound into the ciphertext). */
export async function nextIds(db: Database, table: "contact_submissions" | "contact_notes", count: number): Promise<number[]> {
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence(${`"${table}"`}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rowsOf<{ id: number }>(result).map((row) => row.id);
}

export async function nextId(db: Database, table: "contact_submissions" | "contact_notes"): Promise<number> {
  return (await nextIds(db, table, 1))[0]!;
}

export type NewInquiry = InquiryIdentity &
  Omit<typeof contactSubmissions.$inferInsert, "id" | "identity" | "searchTerms" | "healthConditions"> & {
    healthConditions: string | null;
  };

/**
 * Inserts inquiries: their ids taken from the sequence first, then each identity and health details
 * encrypted bound to its id, the blind index computed, and the rows written once (one statement), so
 * nothing in clear ever reaches a page or the write-ahead log.
 */
export async function insertInquiries(
  db: Database,
  secrets: SecretBox,
  list: NewInquiry[],
): Promise<Array<{ id: number; createdAt: Date }>> {
  if (list.length === 0) return [];
  const ids = await nextIds(db, "contact_submissions", list.length);
  return db
    .insert(contactSubmissions)
    .overridingSystemValue()
    .values(
      list.map((values, k) => {
        const { name, email, phone, servicesInterested, consentReceipt, healthConditions, ...rest } = values;
        const id = ids[k]!;
        return {
          ...rest,
          // The page's language (issue 36): as given, else the receipt's (the form's), else English.
          language: rest.language ?? consentReceipt?.language ?? "en",
          id,
          ...sealIdentity(secrets, id, { name, email, phone, servicesInterested, consentReceipt }),
          healthConditions: healthConditions ? secrets.encrypt(healthConditions, healthAt(id)) : null,
        };
      }),
    )
    .returning({ id: contactSubmissions.id, createdAt: contactSubmissions.createdAt });
}

export async function insertInquiry(db: Database, secrets: SecretBox, values: NewInquiry): Promise<{ id: number; createdAt: Date }> {
  return (await insertInquiries(db, secrets, [values]))[0]!;
}

// ---- rows from before identities were encrypted ----

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const LEGACY_BATCH = 500;

/**
 * Encrypts the identities that migration 0008 moved into contact_identity_legacy (rows from before this
 * version), in batches of 500, each in a transaction that claims its rows FOR UPDATE SKIP LOCKED, so
 * several instances starting together share the work and never do a row twice; a row already done
 * (identity set) is left alone. When the table is empty it is dropped, and contact_submissions is
 * rewritten (VACUUM FULL): a dropped column's values stay in the table's pages until then. On the
 * embedded database the write-ahead log still holds the old values after that: see purgeOldWal.
 * Answers how many identities this call encrypted.
 */
export async function migrateLegacyIdentities(db: Database, secrets: SecretBox, kind: "pglite" | "postgres"): Promise<number> {
  const exists = async () =>
    rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('public.contact_identity_legacy')::text as t`))[0]?.t != null;
  if (!(await exists())) return 0;
  let done = 0;
  try {
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const rows = rowsOf<{
          submission_id: number;
          name: string | null;
          email: string | null;
          phone: string | null;
          services_interested: string[] | null;
          consent_receipt: ConsentReceipt | null;
        }>(
          await tx.execute(
            sql`select submission_id, name, email, phone, services_interested, consent_receipt from contact_identity_legacy order by submission_id limit ${LEGACY_BATCH} for update skip locked`,
          ),
        );
        if (rows.length === 0) return 0;
        const values = rows.map((row) => {
          const sealed = sealIdentity(secrets, row.submission_id, {
            name: row.name ?? "",
            email: row.email ?? "",
            phone: row.phone,
            servicesInterested: row.services_interested ?? [],
            consentReceipt: row.consent_receipt,
          });
          return { id: row.submission_id, identity: sealed.identity, terms: sealed.searchTerms };
        });
        await tx.execute(sql`
          update contact_submissions as s set identity = v.identity, search_terms = array(select jsonb_array_elements_text(v.terms))
          from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, identity text, terms jsonb)
          where s.id = v.id and s.identity is null`);
        await tx.execute(
          sql`delete from contact_identity_legacy where submission_id = any(${`{${rows.map((r) => r.submission_id).join(",")}}`}::int[])`,
        );
        return rows.length;
      });
      if (count === 0) break;
      done += count;
    }
    // Empty (or its last rows held by another instance, which deletes them before this drop proceeds).
    await db.execute(sql`drop table if exists contact_identity_legacy`);
  } catch (error) {
    // Another instance dropped the table meanwhile: its work is done.
    if (!(await exists().catch(() => true))) return done;
    throw error;
  }
  await db.execute(sql`vacuum full contact_submissions`);
  if (kind === "pglite") await purgeOldWal(db);
  return done;
}

/**
 * Inquiries from before issue 36 have no language column yet: it is read from each one's consent
 * receipt (inside the encrypted identity; the form's language since issue 27, else English), in batches
 * of 500 claimed FOR UPDATE SKIP LOCKED so several instances starting together share the work. An
 * identity no key opens counts as English. Answers how many inquiries this call filled.
 */
export async function fillInquiryLanguages(db: Database, secrets: SecretBox): Promise<number> {
  let done = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = rowsOf<{ id: number; identity: string | null }>(
        await tx.execute(
          sql`select id, identity from contact_submissions where language is null order by id limit ${LEGACY_BATCH} for update skip locked`,
        ),
      );
      if (rows.length === 0) return 0;
      const values = rows.map((row) => ({
        id: row.id,
        language: openIdentity(secrets, row.id, row.identity).consentReceipt?.language ?? "en",
      }));
      await tx.execute(sql`
        update contact_submissions as s set language = v.language
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, language text)
        where s.id = v.id and s.language is null`);
      return rows.length;
    });
    if (count === 0) return done;
    done += count;
  }
}

/**
 * The embedded database's write-ahead log keeps what was written (the old plaintext among it) in its
 * segment files, and a checkpoint recycles a segment under a new name with its bytes. Switching to a
 * new segment and checkpointing, once per segment there is and twice more, has every old segment
 * reused or removed (tests/identities-at-rest.test.ts greps the data folder's files afterwards).
 */
async function purgeOldWal(db: Database): Promise<void> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pg_ls_waldir()`));
  const rounds = (row?.n ?? 1) + 2;
  for (let i = 0; i < rounds; i += 1) {
    await db.execute(sql`select pg_switch_wal()`);
    await db.execute(sql`checkpoint`);
  }
}
