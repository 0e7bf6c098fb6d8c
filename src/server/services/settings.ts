import { and, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_CLINIC, type ClinicDetails, type PublicClinic, SPECIAL_DAYS_AHEAD, type SpecialDay } from "../../shared/clinic";
import { clinicDay } from "../../shared/clinic-date";
import { staffHtmlText } from "../../shared/staff-html-rules";
import { retentionSettings } from "../../shared/schemas/inquiries";
import { clinicSettings, mailSettings, securitySettings } from "../../shared/schemas/settings";
import { DEFAULT_SETTINGS, type SecuritySettings, type Settings, type SettingsUpdate } from "../../shared/schemas/settings";
import type { Database } from "../db/client";
import { appSettings, bookingOverrides, websiteContent } from "../db/schema";
import { logActivity, type Actor } from "./activity";

/**
 * Settings kept in the database (app_settings: one JSON value per section), so every instance reads
 * the same. A stored value that no longer fits its schema (an older version's, say) gives the default.
 */
const SCHEMAS = { retention: retentionSettings, mail: mailSettings, clinic: clinicSettings, security: securitySettings } as const;
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

/** One section: stored, or its default. */
async function getSection<S extends Section>(db: Database, section: S): Promise<Settings[S]> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, section));
  const parsed = row ? SCHEMAS[section].safeParse(row.value) : null;
  return parsed?.success ? (parsed.data as Settings[S]) : DEFAULT_SETTINGS[section];
}

/** The clinic's details (the public read, the acknowledgement mail): stored, or the defaults. */
export function getClinic(db: Database): Promise<ClinicDetails> {
  return getSection(db, "clinic");
}

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/**
 * The clinic's special days from today (the clinic's date) to SPECIAL_DAYS_AHEAD days on: its own date
 * overrides (Booking > availability, owner "clinic"; docs/decisions/0075-booking-model.md), which replace
 * the weekday's hours that day: no hours, closed; else from its first hours' start to its last's end.
 */
export async function clinicSpecialDays(db: Database, now = new Date()): Promise<SpecialDay[]> {
  const from = clinicDay(now);
  const to = clinicDay(new Date(now.getTime() + SPECIAL_DAYS_AHEAD * 86_400_000));
  const rows = await db
    .select({ date: bookingOverrides.date, start: bookingOverrides.startMinute, end: bookingOverrides.endMinute })
    .from(bookingOverrides)
    .where(
      and(
        eq(bookingOverrides.ownerKind, "clinic"),
        eq(bookingOverrides.ownerId, 0),
        sql`${bookingOverrides.date} between ${from} and ${to}`,
      ),
    )
    .orderBy(bookingOverrides.date, bookingOverrides.startMinute);
  const days = new Map<string, { start: number; end: number } | null>();
  for (const row of rows) {
    const open = row.start !== null && row.end !== null ? { start: row.start, end: row.end } : null;
    const seen = days.get(row.date);
    if (!seen) days.set(row.date, open);
    else if (open) days.set(row.date, { start: Math.min(seen.start, open.start), end: Math.max(seen.end, open.end) });
  }
  return [...days].map(([date, open]) =>
    open ? { date, closed: false, opens: hhmm(open.start), closes: hhmm(open.end) } : { date, closed: true, opens: "", closes: "" },
  );
}

/** The clinic's details as the public pages read them (GET /api/clinic): with its special days of the coming weeks. */
export async function getPublicClinic(db: Database, now = new Date()): Promise<PublicClinic> {
  const [clinic, specialDays] = await Promise.all([getClinic(db), clinicSpecialDays(db, now)]);
  return { ...clinic, specialDays };
}

/** Sign-in security (which roles must have a second factor): stored, or the defaults (every role). */
export function getSecurity(db: Database): Promise<SecuritySettings> {
  return getSection(db, "security");
}

/** The sections a stolen session may not change without "Confirm it's you": who needs a second factor, and when inquiries are deleted. */
const GUARDED_SECTIONS = ["security", "retention"] as const;

/** Whether a save's (unchecked) input would change a guarded section (a section sent as it is changes nothing). */
export async function changesGuardedSettings(db: Database, raw: unknown): Promise<boolean> {
  if (!raw || typeof raw !== "object") return false;
  for (const section of GUARDED_SECTIONS) {
    const value = (raw as Record<string, unknown>)[section];
    if (value === undefined) continue;
    const parsed = SCHEMAS[section].safeParse(value);
    // A value that does not parse is refused by the procedure's own schema, before anything is saved.
    if (parsed.success && JSON.stringify(parsed.data) !== JSON.stringify(await getSection(db, section))) return true;
  }
  return false;
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

/**
 * Website Content once had "footer / contact" items (address, phone, e-mail) that saved without
 * effect: the pages showed constants. They are now the clinic's details. Run at every start, this
 * moves what staff had written there into the clinic section (only when no clinic details were saved
 * yet, and only the values that pass its checks) and deletes the items; once they are gone it does
 * nothing. Answers whether it found any.
 */
export async function moveClinicContent(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const where = and(eq(websiteContent.page, "footer"), eq(websiteContent.section, "contact"));
    const rows = await tx.select({ key: websiteContent.key, content: websiteContent.content }).from(websiteContent).where(where);
    if (rows.length === 0) return false;
    const [saved] = await tx.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, "clinic"));
    if (!saved) {
      const clinic: ClinicDetails = structuredClone(DEFAULT_CLINIC);
      // An item's words without tags or entities (the editor may have wrapped it in <p>).
      const text = (key: string) => staffHtmlText(rows.find((row) => row.key === key)?.content ?? "");
      const candidate = (patch: Partial<ClinicDetails>) => {
        const next = clinicSettings.safeParse({ ...clinic, ...patch });
        if (next.success) Object.assign(clinic, next.data);
      };
      if (text("phone")) candidate({ phone: text("phone") });
      if (text("email")) candidate({ email: text("email") });
      const address = /^(.+),\s*([^,]+),\s*([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(text("address"));
      if (address) candidate({ street: address[1]!.trim(), city: address[2]!.trim(), state: address[3]!, zip: address[4]! });
      if (JSON.stringify(clinic) !== JSON.stringify(DEFAULT_CLINIC)) {
        await tx.insert(appSettings).values({ key: "clinic", value: clinic, updatedAt: new Date(), updatedBy: null }).onConflictDoNothing();
      }
    }
    await tx.delete(websiteContent).where(where);
    return true;
  });
}
