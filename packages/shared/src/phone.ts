/**
 * One phone rule for every form (issue 37 §5, decision 0059): sign-up, profile, saved addresses, checkout,
 * contact and return forms, the server's validation and the back office all read a phone number with these
 * functions. People type Australian numbers the way they are printed — "0412 345 678", "(02) 5550-0123",
 * "+61 412 345 678" — so spaces, dashes, dots and brackets are accepted and a leading +61 (or 0061, or
 * "+61 (0)") becomes the leading 0. The number is kept in one stored form: its digits, national format, e.g.
 * "0412345678", "0255500123", "1300123456", "131234". The store delivers only in Australia (SPEC §2 Checkout),
 * so only Australian numbers are accepted: 10 digits starting 02, 03, 04, 05 or 07-08, 1300/1800 numbers, and
 * 13 numbers. Zod-free, so the shell and the live-typing filter import it without the schemas (decision 0005).
 */

/** What a person may type in a phone field besides digits: spaces, dashes, dots, brackets and a leading +. */
export const PHONE_TYPED_CHARACTERS = /^[\d\s().+-]*$/;
/** The punctuation dropped before the digits are read. */
const PHONE_PUNCTUATION = /[\s().-]/g;

/** Shown when the digits are not an Australian number (ours: the SPEC names no message). */
export const PHONE_SHAPE_MESSAGE = 'Enter an Australian phone number, e.g. 0412 345 678 or (02) 5550 0123';

/**
 * The stored form of a typed phone number, or null when it is not an Australian number (or has letters).
 * "0412 345 678" -> "0412345678"; "+61 2 5550 0123" -> "0255500123"; "+61 (0)412 345 678" -> "0412345678";
 * "1300 123 456" -> "1300123456"; "13 12 34" -> "131234".
 */
export function normalisePhone(typed: string): string | null {
  const trimmed = typed.trim();
  if (!PHONE_TYPED_CHARACTERS.test(trimmed)) return null;
  // A + only leads the number.
  if (trimmed.lastIndexOf('+') > 0) return null;
  let digits = trimmed.replace(PHONE_PUNCTUATION, '');
  if (digits.startsWith('+61')) digits = digits.slice(3);
  else if (digits.startsWith('+')) return null;
  else if (digits.startsWith('0061')) digits = digits.slice(4);
  else if (digits.startsWith('61') && digits.length === 11) digits = digits.slice(2);
  else if (!digits.startsWith('0') && !digits.startsWith('1')) return null;
  // After a country code the trunk 0 is left out ("+61 412 ...") or written in brackets ("+61 (0)412 ...").
  if (!digits.startsWith('0') && !digits.startsWith('1')) digits = `0${digits}`;
  if (/^0[2-578]\d{8}$/.test(digits)) return digits;
  if (/^1[38]00\d{6}$/.test(digits)) return digits;
  if (/^13\d{4}$/.test(digits)) return digits;
  return null;
}

/** Whether `typed` is an Australian phone number this rule accepts. */
export function isPhone(typed: string): boolean {
  return normalisePhone(typed) !== null;
}

/**
 * A phone number as people read it: mobiles "0412 345 678", landlines "(02) 5550 0123", "1300 123 456",
 * "13 12 34". A stored value the rule cannot read (one kept before the rule, e.g. an overseas number) is shown
 * as it was stored, so existing phones keep working.
 */
export function formatPhone(stored: string): string {
  const digits = normalisePhone(stored);
  if (digits === null) return stored.trim();
  if (digits.startsWith('04') || digits.startsWith('05')) {
    return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  }
  if (digits.startsWith('0')) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)} ${digits.slice(6)}`;
  if (digits.length === 6) return `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
  return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
}

/** The hint every phone field shows under its label. */
export const PHONE_HINT = 'An Australian number, e.g. 0412 345 678 or (02) 5550 0123.';
