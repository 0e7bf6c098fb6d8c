ALTER TABLE "admin_activity_log" DROP CONSTRAINT "admin_activity_log_admin_id_admin_users_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_access" DROP CONSTRAINT "contact_access_submission_id_contact_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_access" DROP CONSTRAINT "contact_access_admin_id_admin_users_id_fk";
--> statement-breakpoint
ALTER TABLE "admin_activity_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "admin_activity_log" ADD COLUMN "chain_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "admin_activity_log_chain_seq_unique" ON "admin_activity_log" USING btree ("chain_seq");--> statement-breakpoint
-- ==== BEGIN hand-written: audit trail (append-only, hash-chained); re-append after regenerating ====
-- The canonical content of a row, shared with src/server/services/audit-chain.ts (the verifier),
-- which must build the same text: every field as text (NULL as "-", else its length in bytes, ":",
-- the text), joined by "|"; details as jsonb's own text; the time as microseconds since 1970.
CREATE OR REPLACE FUNCTION audit_field(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v IS NULL THEN '-' ELSE octet_length(v)::text || ':' || v END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION admin_activity_log_hash(prev text, r admin_activity_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || E'\n' || concat_ws('|',
    audit_field(r.chain_seq::text), audit_field(r.id::text), audit_field(r.admin_id::text), audit_field(r.username),
    audit_field(r.action), audit_field(r.resource_type), audit_field(r.resource_id), audit_field(r.details::text),
    audit_field(r.ip_address), audit_field(floor(extract(epoch FROM r."timestamp") * 1000000)::bigint::text)), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Existing rows are chained in id order, before the triggers below forbid any UPDATE.
DO $$
DECLARE
  r admin_activity_log;
  prev text := NULL;
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM admin_activity_log ORDER BY id LOOP
    n := n + 1;
    r.chain_seq := n;
    prev := admin_activity_log_hash(prev, r);
    UPDATE admin_activity_log SET chain_seq = n, chain_hash = prev WHERE id = r.id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "admin_activity_log" ALTER COLUMN "chain_seq" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "admin_activity_log" ALTER COLUMN "chain_hash" SET NOT NULL;
--> statement-breakpoint
-- Each new row takes the next place in the chain under a transaction-scoped lock (727003), held to
-- commit, so several instances writing at once still form one chain in commit order. A row that
-- arrives with its place and hash (a restore loading an archive) keeps them: `npm run audit -- verify`
-- checks every hash, so a wrong one shows there.
CREATE OR REPLACE FUNCTION admin_activity_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
BEGIN
  IF NEW.chain_seq IS NOT NULL AND NEW.chain_hash IS NOT NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(727003);
  SELECT chain_seq, chain_hash INTO last FROM admin_activity_log ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last.chain_seq, 0) + 1;
  NEW.chain_hash := admin_activity_log_hash(last.chain_hash, NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_activity_log_chain BEFORE INSERT ON admin_activity_log FOR EACH ROW EXECUTE FUNCTION admin_activity_log_chain();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: its rows cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_activity_log_append_only BEFORE UPDATE OR DELETE ON admin_activity_log FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_activity_log_no_truncate BEFORE TRUNCATE ON admin_activity_log FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER contact_access_append_only BEFORE UPDATE OR DELETE ON contact_access FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER contact_access_no_truncate BEFORE TRUNCATE ON contact_access FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
-- Nobody but the owner may change the trails (the README: run the site as a role that is not the
-- owner and has no UPDATE, DELETE or TRUNCATE on them).
REVOKE UPDATE, DELETE, TRUNCATE ON admin_activity_log, contact_access FROM PUBLIC;
-- ==== END hand-written: audit trail ====
