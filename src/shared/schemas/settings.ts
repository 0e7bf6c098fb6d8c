import { z } from "zod";
import { DEFAULT_RETENTION, retentionSettings } from "./inquiries";

/**
 * The Settings screen (super admins): settings stored in the database, one section each. The first is
 * the retention of finished inquiries; each section is saved whole, and a section left out of an
 * update keeps its stored value.
 */
export const settingsUpdateInput = z.object({
  retention: retentionSettings.optional(),
});

export const DEFAULT_SETTINGS = { retention: DEFAULT_RETENTION };
export type Settings = typeof DEFAULT_SETTINGS;
export type SettingsUpdate = z.output<typeof settingsUpdateInput>;
