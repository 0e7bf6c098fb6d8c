import { inArray, sql } from "drizzle-orm";
import { retentionSettings } from "../../shared/schemas/inquiries";
import { mailSettings } from "../../shared/schemas/settings";
import { DEFAULT_SETTINGS, type Settings, type SettingsUpdate } from "../../shared/schemas/settings";
import type { Database } from "../db/client";
import { appSettings } from "../db/schema";
import { logActivity, type Actor } from "./activity";

/**
 * Settings kept in the database (app_settings: one JSON value per section), so every instance reads
 * the same. A stored value that no longer fits its schema (an older version's, say) gives the default.
 */
const SCHEMAS = { retention: retentionSettings, mail: mailSettings } as const;
type Section = keyof Settings;
const SECTIONS = Object.keys(SCHEMAS) as Section[];

export async function getSettings(db: Database): Promise<Settings> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, SECTIONS));
  const settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    const section = row.key as Section;
    const parsed = SCHEMAS[section].safeParse(row.value);
    if (parsed.success) (settings as Record<Section, unknown>)[section] = parsed.data;
  }
  return settings;
}

/** Saves the sections given (each whole) and logs which changed; answers the settings now in force. */
export async function updateSettings(db: Database, actor: Actor, input: SettingsUpdate): Promise<Settings> {
  const now = new Date();
  for (const section of SECTIONS) {
    const value = input[section];
    if (value === undefined) continue;
    await db
      .insert(appSettings)
      .values({ key: section, value, updatedAt: now, updatedBy: actor.adminId })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value`, updatedAt: now, updatedBy: actor.adminId } });
    await logActivity(db, {
      adminId: actor.adminId,
      username: actor.username,
      action: "update",
      resourceType: "settings",
      resourceId: section,
      details: { label: section, ...value },
      ipAddress: actor.ip,
    });
  }
  return getSettings(db);
}
