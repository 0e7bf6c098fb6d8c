CREATE TABLE "access_denied_counts" (
	"admin_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"activity_id" integer,
	CONSTRAINT "access_denied_counts_admin_id_minute_pk" PRIMARY KEY("admin_id","minute")
);
--> statement-breakpoint
ALTER TABLE "admin_activity_log" ADD COLUMN "chain_key" varchar(8);--> statement-breakpoint
CREATE UNIQUE INDEX "access_denied_counts_activity_unique" ON "access_denied_counts" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "access_denied_counts_minute_idx" ON "access_denied_counts" USING btree ("minute");--> statement-breakpoint
-- ==== BEGIN hand-written: keyed audit chain; re-append after regenerating ====
-- The text each row's hash covers, shared with src/server/services/audit-chain.ts (the verifier), which
-- must build the same: the previous row's chain_hash, a newline, and the row's canonical content (every
-- field as text, NULL as "-", else its length in bytes, ":", the text; joined by "|"; details as jsonb's
-- own text; the time as microseconds since 1970), as UTF-8 bytes. Migration 0007 hashed the same text.
CREATE OR REPLACE FUNCTION admin_activity_log_message(prev text, r admin_activity_log) RETURNS bytea LANGUAGE sql STABLE AS $$
  SELECT convert_to(coalesce(prev, '') || E'\n' || concat_ws('|',
    audit_field(r.chain_seq::text), audit_field(r.id::text), audit_field(r.admin_id::text), audit_field(r.username),
    audit_field(r.action), audit_field(r.resource_type), audit_field(r.resource_id), audit_field(r.details::text),
    audit_field(r.ip_address), audit_field(floor(extract(epoch FROM r."timestamp") * 1000000)::bigint::text)), 'UTF8')
$$;
--> statement-breakpoint
-- From here on a new row's hash is HMAC-SHA256 under the audit key of the site's key ring, which is not
-- in the database: each of the app's connections hands it over in the session setting clinic.audit_key
-- (src/server/db/client.ts) as "KEYID:inner:outer", the HMAC's padded keys (K xor ipad, K xor opad) in
-- hex, so HMAC = sha256(outer || sha256(inner || message)) with the built-in sha256. The row records
-- the key's id (chain_key). Rows chained before this migration keep their plain SHA-256 (it cannot know
-- the key); the first keyed row follows the last of them, so the log stays one chain. A connection
-- without the key cannot add a row: an unkeyed row after the cutover would be one anybody could forge.
-- The place, the lock (727003, held to commit) and a restore's rows keeping their place and hash (and
-- key id) are as in 0007.
CREATE OR REPLACE FUNCTION admin_activity_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
  setting text := current_setting('clinic.audit_key', true);
BEGIN
  IF NEW.chain_seq IS NOT NULL AND NEW.chain_hash IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF setting IS NULL OR setting !~ '^[0-9a-f]{8}:[0-9a-f]{128}:[0-9a-f]{128}$' THEN
    RAISE EXCEPTION 'admin_activity_log: this connection has no audit chain key (setting clinic.audit_key): open the database with the key ring (src/server/db/client.ts)';
  END IF;
  PERFORM pg_advisory_xact_lock(727003);
  SELECT chain_seq, chain_hash INTO last FROM admin_activity_log ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last.chain_seq, 0) + 1;
  NEW.chain_key := split_part(setting, ':', 1);
  NEW.chain_hash := encode(sha256(decode(split_part(setting, ':', 3), 'hex')
    || sha256(decode(split_part(setting, ':', 2), 'hex') || admin_activity_log_message(last.chain_hash, NEW))), 'hex');
  RETURN NEW;
END $$;
--> statement-breakpoint
-- 0007's unkeyed hash: no longer used by the trigger (the verifier checks the older rows in JavaScript).
DROP FUNCTION IF EXISTS admin_activity_log_hash(text, admin_activity_log);
-- ==== END hand-written: keyed audit chain ====
