import { z } from "zod";
import { DEFAULT_RETENTION, retentionSettings } from "./inquiries";
import { recordId } from "./fields";

/**
 * The Settings screen (super admins): settings stored in the database, one section each. The first is
 * the retention of finished inquiries; each section is saved whole, and a section left out of an
 * update keeps its stored value.
 */
/**
 * Mail (it goes out only when the server has a mail server, SMTP_URL): on or off; the acknowledgement
 * to the visitor; the reminder for an inquiry still New 24 hours after arrival. Who receives new-inquiry
 * mail is each staff member's own choice (My Account; a super admin can change it for anyone here).
 */
export const mailSettings = z.object({
  enabled: z.boolean({ error: "Must be true or false" }),
  acknowledgement: z.boolean({ error: "Must be true or false" }),
  overdueReminders: z.boolean({ error: "Must be true or false" }),
});
export type MailSettings = z.output<typeof mailSettings>;
export const DEFAULT_MAIL: MailSettings = { enabled: true, acknowledgement: true, overdueReminders: true };

export const settingsUpdateInput = z.object({
  retention: retentionSettings.optional(),
  mail: mailSettings.optional(),
});

export const DEFAULT_SETTINGS = { retention: DEFAULT_RETENTION, mail: DEFAULT_MAIL };
export type Settings = typeof DEFAULT_SETTINGS;
export type SettingsUpdate = z.output<typeof settingsUpdateInput>;

/** A staff member's mail choices (My Account for oneself; Settings for anyone, super admins). */
export const notificationPreferences = z.object({
  newInquiries: z.boolean({ error: "Must be true or false" }),
});
export const recipientUpdateInput = notificationPreferences.extend({ adminId: recordId });

/** Send test e-mail: to this address, or to one's own when left out. */
export const testMailInput = z
  .object({ to: z.email({ error: "Please enter a valid email address." }).max(255).optional() })
  .optional();
