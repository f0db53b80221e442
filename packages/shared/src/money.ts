/**
 * Money helpers. Inside the store money is integer cents AUD; the SPEC's wire format is a decimal
 * string such as "79.95" (`_price`) and the screen shows "$79.95" (SPEC §9).
 */

/** 7995 -> "79.95". Throws RangeError on a non-integer. */
export function centsToDecimalString(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 7995 -> "$79.95" (SPEC §9: a $ sign and 2 decimals). */
export function formatCents(cents: number): string {
  const s = centsToDecimalString(cents);
  return s.startsWith('-') ? `-$${s.slice(1)}` : `$${s}`;
}

/**
 * Parses a price as store owners write it ("79.95", "$1,299", "12.5", " 5 ") into integer cents.
 * Returns null when the text is not a non-negative amount with at most 2 decimals.
 */
export function parseDecimalToCents(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + frac;
  return Number.isSafeInteger(cents) ? cents : null;
}
