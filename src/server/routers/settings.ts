import { recipientUpdateInput, settingsUpdateInput, testMailInput } from "../../shared/schemas/settings";
import { errors } from "../errors";
import { actorOf } from "../services/activity";
import { mailStatus, sendTestMail } from "../services/mail-outbox";
import { listMailRecipients, setNewInquiryMail } from "../services/mail-recipients";
import { getClinic, getSettings, updateSettings } from "../services/settings";
import { publicProcedure, router, superAdminOnly } from "../trpc";

const settingsProcedure = superAdminOnly("Access Denied - Only super admins can change the settings");

/** The Settings screen (super admins): settings stored in the database, and mail. */
export const settingsRouter = router({
  get: settingsProcedure.query(({ ctx }) => getSettings(ctx.deps.db)),
  update: settingsProcedure
    .input(settingsUpdateInput)
    .mutation(({ ctx, input }) => updateSettings(ctx.deps.db, actorOf(ctx), input)),

  /** The clinic's details, for everyone: the public pages show them (header, footer, contact, JSON-LD). */
  clinic: publicProcedure.query(({ ctx }) => getClinic(ctx.deps.db)),

  /** Mail: configured or not, when it last went out, failing since when, how many wait. */
  mailStatus: settingsProcedure.query(({ ctx }) => mailStatus(ctx.deps)),
  /** Sends a test e-mail now (to the given address, or one's own); the mail server's error in plain words when it fails. */
  testMail: settingsProcedure.input(testMailInput).mutation(async ({ ctx, input }) => {
    const to = input?.to ?? ctx.auth.user.email;
    if (!to) throw errors.invalidField(["to"], "Enter an address to send the test to (your account has none).");
    return sendTestMail(ctx.deps, to);
  }),
  /** Who receives new-inquiry mail. */
  recipients: settingsProcedure.query(({ ctx }) => listMailRecipients(ctx.deps.db)),
  setRecipient: settingsProcedure
    .input(recipientUpdateInput)
    .mutation(({ ctx, input }) => setNewInquiryMail(ctx.deps.db, actorOf(ctx), input.adminId, input.newInquiries)),
});
