import { sql } from "drizzle-orm";
import type { SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";
import { logActivity } from "./activity";
import { bindingOf, identityTerms, type InquiryIdentity } from "./inquiry-identity";

/**
 * `npm run keys -- rotate`: every value the secret box encrypted, re-encrypted with the newest key of
 * the ring (and bound to its row, for values of the old "v1:" format), in batches of 500 by id, while
 * the server runs. An inquiry's blind index is recomputed with its identity (the index key is derived
 * from the same secret: a new key means new hashes; search tries every loaded key's meanwhile).
 *
 * Each batch is one UPDATE that only replaces a value still equal to what was read, so a value changed
 * meanwhile (a TOTP key enrolled again) is never overwritten with an older one. New values are written
 * with the newest key already (every instance must run with the new ring before a rotation starts).
 */
export const ENCRYPTED_FIELDS = [
  { table: "admin_users", column: "two_factor_secret" },
  { table: "contact_submissions", column: "health_conditions" },
  { table: "contact_submissions", column: "identity" },
  { table: "contact_notes", column: "body" },
  { table: "mail_server", column: "password" },
] as const;

export interface RotationReport {
  /** Values re-encrypted, per "table.column". */
  rewritten: Record<string, number>;
  /** Values no loaded key opens (left as they are), per "table.column". */
  unreadable: Record<string, number>;
  /** Values not under the newest key after the rotation (unreadable ones, or written meanwhile by an instance with an older ring). */
  remaining: number;
}

const BATCH = 500;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** Values of every encrypted column not under the newest key (what a rotation has left to do). */
export async function countNotCurrent(db: Database, secrets: SecretBox): Promise<number> {
  let total = 0;
  const current = `v2:${secrets.keyId}:%`;
  for (const field of ENCRYPTED_FIELDS) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(field.table)} where ${sql.identifier(field.column)} is not null and ${sql.identifier(field.column)} not like ${current}`,
      ),
    );
    total += row?.n ?? 0;
  }
  return total;
}

export async function rotateSecrets(
  db: Database,
  secrets: SecretBox,
  onProgress: (line: string) => void = () => {},
  batch = BATCH,
): Promise<RotationReport> {
  const report: RotationReport = { rewritten: {}, unreadable: {}, remaining: 0 };
  const current = `v2:${secrets.keyId}:%`;
  for (const field of ENCRYPTED_FIELDS) {
    const name = `${field.table}.${field.column}`;
    const table = sql.identifier(field.table);
    const column = sql.identifier(field.column);
    const withTerms = field.column === "identity";
    let rewritten = 0;
    let unreadable = 0;
    let after = 0;
    for (;;) {
      const rows = rowsOf<{ id: number; value: string }>(
        await db.execute(
          sql`select id, ${column} as value from ${table} where id > ${after} and ${column} is not null and ${column} not like ${current} order by id limit ${batch}`,
        ),
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const values: Array<{ id: number; old: string; new: string; terms?: string[] }> = [];
      for (const row of rows) {
        const at = bindingOf(field.table, field.column, row.id);
        let plain: Uint8Array;
        try {
          plain = secrets.decryptBytes(row.value, at);
        } catch {
          unreadable += 1;
          continue;
        }
        const value: (typeof values)[number] = { id: row.id, old: row.value, new: secrets.encrypt(plain, at) };
        if (withTerms) {
          const identity = JSON.parse(Buffer.from(plain).toString("utf8")) as InquiryIdentity;
          value.terms = identityTerms({ ...identity, servicesInterested: identity.servicesInterested ?? [] }).map(secrets.indexers[0]!);
        }
        values.push(value);
      }
      if (values.length > 0) {
        const json = JSON.stringify(values);
        const result = withTerms
          ? await db.execute(sql`
              update ${table} as t set ${column} = v.new, search_terms = array(select jsonb_array_elements_text(v.terms))
              from jsonb_to_recordset(${json}::jsonb) as v(id int, old text, new text, terms jsonb)
              where t.id = v.id and t.${column} = v.old returning t.id`)
          : await db.execute(sql`
              update ${table} as t set ${column} = v.new
              from jsonb_to_recordset(${json}::jsonb) as v(id int, old text, new text)
              where t.id = v.id and t.${column} = v.old returning t.id`);
        rewritten += rowsOf(result).length;
      }
      onProgress(`${name}: ${rewritten} re-encrypted${unreadable ? `, ${unreadable} unreadable` : ""}`);
    }
    report.rewritten[name] = rewritten;
    report.unreadable[name] = unreadable;
  }
  report.remaining = await countNotCurrent(db, secrets);
  return report;
}

/**
 * `npm run keys -- rotate`, run by the command line itself or by the running server for it (the
 * maintenance socket, `via` "maintenance socket"): the rotation, then its activity log line.
 */
export async function rotateSecretsForCommandLine(
  db: Database,
  secrets: SecretBox,
  via: string,
  onProgress?: (line: string) => void,
): Promise<RotationReport> {
  const report = await rotateSecrets(db, secrets, onProgress);
  await logActivity(db, {
    adminId: null,
    username: "cli",
    action: "update",
    resourceType: "secret_keys",
    details: { rotatedTo: secrets.keyId, ...report },
    ipAddress: via,
  });
  return report;
}
