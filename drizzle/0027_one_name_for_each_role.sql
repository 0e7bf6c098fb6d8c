-- ==== BEGIN hand-written: one name for each role (issue 36); re-append after regenerating ====
-- A custom role named with a word the portal shows for a built-in role (a name, the spec's badge or
-- choice) or with the super administrator's former name ("Owner") takes " (custom)" after it, so one
-- name never means two roles (src/shared/schemas/roles.ts refuses such names from now on).
UPDATE "roles" SET "name" = left("name", 91) || ' (custom)', "updated_at" = now()
  WHERE NOT "built_in" AND lower("name") IN ('super administrator', 'administrator', 'front desk', 'clinician', 'marketing',
    'super admin', 'admin', 'super admin (full access)', 'admin (content management)', 'owner');
--> statement-breakpoint
-- The super administrator's row carries its one name (docs/glossary.md), as the code does.
UPDATE "roles" SET "name" = 'Super Administrator', "updated_at" = now() WHERE "key" = 'super_admin';
-- ==== END hand-written: one name for each role ====
