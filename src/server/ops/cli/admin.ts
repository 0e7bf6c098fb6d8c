import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createAdminUserInput, passwordSchema } from "../../../shared/schemas/users";
import { buildDeps } from "../../boot/bootstrap";
import { adminUsers } from "../../db/schema";
import { loadConfig } from "../../env";
import { runCommand } from "./run-command";
import { COMMAND_LINE } from "../../services/activity";
import { createAdminUser, generatePassword, resetAdminPassword } from "../../services/admin-users";
import { findRole, listRoles } from "../../services/roles";

/**
 * The admin command line, for the day the only super admin is locked out. It uses the same
 * configuration as the server (DATA_DIR or DATABASE_URL). With the embedded database, stop the
 * server first: PGlite allows one process at a time.
 *
 *   npm run admin -- list
 *   npm run admin -- create --username alice [--password ...] [--role ROLE] [--email ...]
 *   npm run admin -- reset-password --username alice [--password ...]
 */
const USAGE = `Usage:
  npm run admin -- list
  npm run admin -- create --username NAME [--password PASSWORD] [--role ROLE] [--email EMAIL]
  npm run admin -- reset-password --username NAME [--password PASSWORD]
ROLE is a role's key (default super_admin): super_admin, admin, front_desk, clinician, marketing or a
custom role made in the portal (list shows each user's).
A password is generated and printed when --password is left out; either way the user chooses a new one
at the next sign-in. A password must have 15 characters, not be a common one, the username or the clinic's name.
reset-password also turns 2FA off, ends the user's sessions, lifts a lockout and reactivates the account.`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: "string" },
      password: { type: "string" },
      role: { type: "string", default: "super_admin" },
      email: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  const { deps } = await buildDeps(config);
  try {
    await deps.database.migrate();
    const db = deps.db;

    if (command === "list") {
      const rows = await db.select().from(adminUsers).orderBy(adminUsers.id);
      for (const u of rows) {
        console.log(`${u.id}\t${u.username}\t${u.role}\t${u.isActive ? "active" : "inactive"}\t2FA ${u.twoFactorEnabled ? "on" : "off"}`);
      }
      if (rows.length === 0) console.log("No admin users.");
      return 0;
    }

    if (command === "create") {
      if (!(await findRole(db, values.role))) {
        const keys = (await listRoles(db)).map((role) => role.key);
        throw new Error(`--role must be one of ${keys.join(", ")}`);
      }
      const password = values.password ?? generatePassword();
      const parsed = createAdminUserInput.safeParse({
        username: values.username,
        password,
        email: values.email,
        role: values.role,
      });
      if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
      const user = await createAdminUser(db, COMMAND_LINE, parsed.data);
      console.log(`Created ${user.role} "${user.username}".`);
      if (!values.password) console.log(`Password (shown once): ${password}`);
      return 0;
    }

    if (command === "reset-password") {
      if (!values.username) throw new Error("--username is required");
      const [user] = await db.select().from(adminUsers).where(sql`lower(${adminUsers.username}) = ${values.username.toLowerCase()}`);
      if (!user) throw new Error(`No admin user named "${values.username}"`);
      const password = values.password ?? generatePassword();
      const checked = passwordSchema.safeParse(password);
      if (!checked.success) throw new Error(checked.error.issues[0]!.message);
      // The same service as the portal's reset, which here also reactivates the account.
      await resetAdminPassword(db, COMMAND_LINE, { id: user.id, newPassword: password }, { reactivate: true });
      console.log(`Password reset for "${user.username}"; 2FA is off, sessions ended, account active and unlocked.`);
      if (!values.password) console.log(`New password (shown once): ${password}`);
      return 0;
    }

    console.error(`Unknown command "${command}".\n${USAGE}`);
    return 2;
  } finally {
    await deps.database.close();
  }
}

runCommand(main, "Error");
