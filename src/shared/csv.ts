/**
 * CSV cells safe to open in a spreadsheet, for every CSV the clinic downloads (the inquiries' export on
 * the server, the Analytics screen's in the browser).
 */

/** Neutralises spreadsheet formulas: a cell starting with = + - @ tab or CR gets a leading '. */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
