import {
  publicClinicAnswer,
  mailAlertsAnswer,
  mailRecipientAnswer,
  mailServerAnswer,
  mailServerInput,
  mailStatusAnswer,
  notificationsAnswer,
  settingsAnswer,
  testMailAnswer,
} from "../../shared/schemas/settings";
import { recipientUpdateInput, settingsUpdateInput, testMailInput } from "../../shared/schemas/settings";
import { errors } from "../errors";
import { actorOf } from "../services/activity";
import { mailStatus, sendTestMail } from "../services/mail-outbox";
import { listMailRecipients, setNewInquiryMail } from "../services/mail-recipients";
import { getMailServer, mailAlerts, saveMailServer } from "../services/mail-server";
import { changesGuardedSettings, getPublicClinic, getSettings, updateSettings } from "../services/settings";
import { freshCheckWhen, permitted, publicProcedure, requireFreshCheck, router } from "../trpc";
import { listOf } from "./record-writes";
import { door, publicRead, read } from "./doors";

const settingsProcedure = permitted("settings.manage");
const tag = "Settings and mail";

/** The Settings screen (super admins): settings stored in the database, and mail. */
export const settingsRouter = router({
  get: settingsProcedure
    .meta(read(tag, "/admin/settings", "Settings", "The settings in force."))
    .output(settingsAnswer)
    .query(({ ctx }) => getSettings(ctx.deps.db)),
  update: settingsProcedure
    .meta(
      door("put", tag, "/admin/settings", "Change settings", "The settings now in force.", {
        description:
          "Each section given is saved whole; a section left out keeps its value. A `security` section that changes " +
          "the sign-in security, or a `retention` section that changes what is deleted, needs a fresh check (403 " +
          "with `requiresFreshCheck`).",
        errors: [403],
      }),
    )
    // Who must have a second factor, and how soon inquiries are deleted: a stolen session may not change them (issue 34).
    .use(freshCheckWhen((ctx, raw) => changesGuardedSettings(ctx.deps.db, raw)))
    .input(settingsUpdateInput)
    .output(settingsAnswer)
    .mutation(({ ctx, input }) => updateSettings(ctx.deps.db, actorOf(ctx), input)),

  /** The clinic's details, for everyone: the public pages show them (header, footer, contact, JSON-LD). */
  clinic: publicProcedure
    .meta(
      publicRead(
        "/clinic",
        "The clinic's details",
        "Name, address, phone, e-mail, opening hours, map position and social addresses (Settings, Clinic details), " +
          "and the clinic's special days (holidays) of the next 60 days.",
      ),
    )
    .output(publicClinicAnswer)
    .query(({ ctx }) => getPublicClinic(ctx.deps.db)),

  /** The mail server in force (SMTP_URL's, read-only, or Settings > E-mail's), its password only as set or not. */
  mailServer: settingsProcedure
    .meta(
      read(
        tag,
        "/admin/settings/mail-server",
        "Mail server",
        "The mail server in force and where it is set (SMTP_URL wins); never its password.",
      ),
    )
    .output(mailServerAnswer)
    .query(({ ctx }) => getMailServer(ctx.deps)),
  /** Sets up the mail server here: used from the next message on, on every instance, without a restart. */
  setMailServer: settingsProcedure
    .meta(
      door("put", tag, "/admin/settings/mail-server", "Set up the mail server", "The mail server now in force.", {
        description:
          "Host, port, security (`none`, `starttls`, `tls`), user, password and the sender's address. `password` left " +
          "out keeps the stored one; an empty one removes it; it is stored encrypted and never answered. A password " +
          "needs STARTTLS or TLS. Refused (409) while SMTP_URL sets the mail server; `from` is ignored while MAIL_FROM " +
          "is set. Needs a fresh check (403 with `requiresFreshCheck`).",
        errors: [403, 409],
      }),
    )
    // Where the clinic's mail (and its password) goes: a stolen session may not redirect it.
    .use(requireFreshCheck)
    .input(mailServerInput)
    .output(mailServerAnswer)
    .mutation(({ ctx, input }) => saveMailServer(ctx.deps, actorOf(ctx), input)),
  /** Whether a new inquiry is e-mailed to anyone, and why not (the dashboard's warning). */
  mailAlerts: settingsProcedure
    .meta(
      read(
        tag,
        "/admin/settings/mail-alerts",
        "Whether new inquiries are e-mailed",
        "Alerted, or why not: no mail server, mail switched off, or no one who receives new-inquiry mail.",
      ),
    )
    .output(mailAlertsAnswer)
    .query(({ ctx }) => mailAlerts(ctx.deps)),

  /** Mail: configured or not, when it last went out, failing since when, how many wait. */
  mailStatus: settingsProcedure
    .meta(read(tag, "/admin/settings/mail-status", "Mail status", "Configured or not, last sent, failing since, waiting."))
    .output(mailStatusAnswer)
    .query(({ ctx }) => mailStatus(ctx.deps)),
  /** Sends a test e-mail now (to the given address, or one's own); the mail server's error in plain words when it fails. */
  testMail: settingsProcedure
    .meta(
      door("post", tag, "/admin/settings/test-mail", "Send a test e-mail", "Sent, or the mail server's refusal in plain words.", {
        description: "To `to`, or to one's own address when left out (send `{}`).",
      }),
    )
    .input(testMailInput)
    .output(testMailAnswer)
    .mutation(async ({ ctx, input }) => {
      const to = input?.to ?? ctx.auth.user.email;
      if (!to) throw errors.invalidField(["to"], "Enter an address to send the test to (your account has none).");
      return sendTestMail(ctx.deps, to);
    }),
  /** Who receives new-inquiry mail. */
  recipients: settingsProcedure
    .meta(read(tag, "/admin/settings/mail-recipients", "Who receives new-inquiry mail", "Every staff member and their choice."))
    .output(listOf(mailRecipientAnswer))
    .query(({ ctx }) => listMailRecipients(ctx.deps.db)),
  setRecipient: settingsProcedure
    .meta(
      door("put", tag, "/admin/settings/mail-recipients", "Change whether a staff member receives new-inquiry mail", "Their choice now.", {
        errors: [404],
      }),
    )
    .input(recipientUpdateInput)
    .output(notificationsAnswer)
    .mutation(({ ctx, input }) => setNewInquiryMail(ctx.deps.db, actorOf(ctx), input.adminId, input.newInquiries)),
});
