/**
 * Part numbers (issue 15 §3, decision 0031): the OE and other brands' numbers a product carries. A shopper types
 * them in many ways (`DB1170`, `db 1170`, `DB-1170`), so search compares them by one key: upper-case letters and
 * digits only. Written once here for the importer, the search index and the web app.
 */

/** Most part numbers one product carries. */
export const MAX_PART_NUMBERS = 30;
/** Longest part number, characters. */
export const MAX_PART_NUMBER_LENGTH = 40;

/** `"db-1170 "` -> `"DB1170"`: the key part numbers (and SKUs) are matched by; '' when it has no letter or digit. */
export function normalizePartNumber(text: string): string {
  return text
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** A stored `part_numbers` cell ("DB1170, 04465-0K240") -> its list; [] for null or ''. */
export function splitPartNumbers(stored: string | null): string[] {
  if (!stored) return [];
  return stored
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
