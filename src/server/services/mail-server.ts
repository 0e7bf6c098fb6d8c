import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Binding, SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";
import { adminUsers, mailOutbox, mailServer } from "../db/schema";
import type { AppDeps } from "../deps";
import { errors } from "../errors";
import { logTaskError } from "../log";
import type { StoredMailServer } from "../mail/hub";
import { MAIL_SERVER_MESSAGES, type MailSecurity, type MailServerInput } from "../../shared/schemas/settings";
import { logActivity, type Actor } from "./activity";
import { clearMailFailure } from "./mail-outbox";
import { getSettings } from "./settings";

/**
 * The mail server set up in the portal (Settings > E-mail): one row of mail_server, its password
 * encrypted with the key ring (bound to its place) and never answered; the environment's SMTP_URL and
 * MAIL_FROM win where set (mail/hub.ts). A save tells every instance (the cache bus's "mail" topic), so
 * the next message goes through the new server without a restart.
 */
const PASSWORD_AT: Binding = { table: "mail_server", column: "password", id: 1 };

export const MAIL_SERVER_REFUSALS = {
  environment:
    "The server's environment sets the mail server (SMTP_URL), and it wins: change it there, or remove SMTP_URL " +
    "and restart the server to set mail up here.",
} as const;

/** The portal's mail server with its password decrypted, for the mailer; null when none is set up (or it cannot be read). */
export async function loadMailServer(db: Database, secrets: SecretBox): Promise<StoredMailServer | null> {
  const [row] = await db.select().from(mailServer).where(eq(mailServer.id, 1));
  if (!row) return null;
  let password = "";
  if (row.password) {
    try {
      password = secrets.decrypt(row.password, PASSWORD_AT);
    } catch (error) {
      // A key ring without the key that wrote it: no mail, said in the log (the form shows the password as set, to replace).
      logTaskError("mail", error);
      return null;
    }
  }
  return {
    server: { host: row.host, port: row.port, security: row.security, user: row.username ?? "", password },
    from: row.fromAddress ?? "",
  };
}

/** What SMTP_URL sets, as the form shows it (read-only): never its password. */
function environmentServer(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const withLogin = url.username !== "" || url.password !== "";
  const security: MailSecurity = url.protocol === "smtps:" ? "tls" : withLogin ? "starttls" : "none";
  return {
    host: url.hostname,
    port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
    security,
    user: decodeURIComponent(url.username),
    passwordSet: url.password !== "",
  };
}

/** Settings > E-mail's form: the mail server in force and where it comes from; the password only as set or not. */
export async function getMailServer(deps: AppDeps) {
  const fromEnvironment = deps.config.mailFromSet;
  if (deps.config.smtpUrl) {
    return { source: "environment" as const, ...environmentServer(deps.config.smtpUrl), from: deps.config.mailFrom, fromEnvironment };
  }
  const [row] = await deps.db.select().from(mailServer).where(eq(mailServer.id, 1));
  const from = fromEnvironment ? deps.config.mailFrom : (row?.fromAddress ?? "");
  if (!row) return { source: "none" as const, host: null, port: null, security: null, user: "", passwordSet: false, from, fromEnvironment };
  return {
    source: "settings" as const,
    host: row.host,
    port: row.port,
    security: row.security,
    user: row.username ?? "",
    passwordSet: Boolean(row.password),
    from,
    fromEnvironment,
  };
}

/**
 * Saves the portal's mail server (refused while SMTP_URL sets one). The password: left out, the stored
 * one stays (while there is a user name); given, it replaces it, encrypted; empty, it is removed. The
 * activity log says what changed, never the password. Every instance reads it again; messages waiting
 * for a retry are tried at once through it, and an earlier server's failure is no longer shown.
 */
export async function saveMailServer(deps: AppDeps, actor: Actor, input: MailServerInput) {
  if (deps.config.smtpUrl) throw errors.conflict(MAIL_SERVER_REFUSALS.environment);
  if (!deps.config.mailFromSet && input.from === "") throw errors.invalidField(["from"], MAIL_SERVER_MESSAGES.from);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const [stored] = await tx.select({ password: mailServer.password }).from(mailServer).where(eq(mailServer.id, 1));
    const password =
      input.user === "" || input.password === ""
        ? null
        : input.password !== undefined
          ? deps.secrets.encrypt(input.password, PASSWORD_AT)
          : (stored?.password ?? null);
    const values = {
      host: input.host,
      port: input.port,
      security: input.security,
      username: input.user === "" ? null : input.user,
      password,
      fromAddress: deps.config.mailFromSet ? null : input.from,
      updatedAt: now,
      updatedBy: actor.adminId,
    };
    await tx
      .insert(mailServer)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: mailServer.id, set: values });
    await logActivity(tx, {
      adminId: actor.adminId,
      username: actor.username,
      action: "update",
      resourceType: "settings",
      resourceId: "mail_server",
      details: {
        label: "mail_server",
        host: input.host,
        port: input.port,
        security: input.security,
        user: input.user,
        from: values.fromAddress,
        passwordChanged: input.password !== undefined || (input.user === "" && Boolean(stored?.password)),
      },
      ipAddress: actor.ip,
    });
    // What waits for a retry goes out through the new server at the dispatcher's next round.
    await tx
      .update(mailOutbox)
      .set({ nextAttemptAt: now })
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.skippedAt)));
  });
  await clearMailFailure(deps.db);
  await deps.cacheBus.mail();
  return getMailServer(deps);
}

/**
 * Whether a new inquiry is e-mailed to anyone (the dashboard's warning): a mail server, mail switched
 * on, and at least one active staff member with an address who receives new-inquiry mail.
 */
export async function mailAlerts(deps: AppDeps) {
  const none = (reason: "no_server" | "mail_off" | "no_recipient") => ({ alerted: false, reason });
  if (!(await deps.mail.current())) return none("no_server");
  if (!(await getSettings(deps.db)).mail.enabled) return none("mail_off");
  const [recipients] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminUsers)
    .where(
      and(eq(adminUsers.notifyNewInquiries, true), eq(adminUsers.isActive, true), isNotNull(adminUsers.email), ne(adminUsers.email, "")),
    );
  if (!recipients?.n) return none("no_recipient");
  return { alerted: true, reason: null };
}
