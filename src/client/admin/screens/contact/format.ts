/** en-US, short month, with hour and minute: "Nov 22, 2026, 9:05 AM". */
const SUBMITTED_AT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export function submittedAt(date: Date): string {
  // Recent ICU puts a narrow no-break space before AM/PM; a plain space reads and searches the same everywhere.
  return SUBMITTED_AT.format(date).replace(/\u202f/g, " ");
}

/** contact-submissions-YYYY-MM-DD.csv, with the staff member's current (local) date. */
export function exportFilename(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `contact-submissions-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
