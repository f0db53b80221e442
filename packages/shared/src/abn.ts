/**
 * Australian Business Numbers (issue 18 §3): the ATO's check-digit rule, shared by the API (the store setting `abn`) and
 * the web app (business details). https://abr.business.gov.au/Help/AbnFormat
 */

const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** "51 824 753 556" -> "51824753556": the digits of an ABN as typed (spaces removed); other characters are kept. */
export function normalizeAbn(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * Whether `text` (spaces allowed) is a valid ABN: 11 digits, and with 1 taken from the first digit, the digits
 * weighted 10, 1, 3, 5, ..., 19 sum to a multiple of 89 (the ATO's algorithm). A leading 0 is never valid.
 */
export function isValidAbn(text: string): boolean {
  const digits = normalizeAbn(text);
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * (WEIGHTS[i] ?? 0),
    0,
  );
  return sum % 89 === 0;
}

/** "51824753556" -> "51 824 753 556", the way the ATO prints an ABN; other text is returned as it is. */
export function formatAbn(text: string): string {
  const digits = normalizeAbn(text);
  return /^\d{11}$/.test(digits)
    ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : text;
}
