/**
 * Australian addresses (SPEC §1: shipping is Australia only; §5 checkout fields). States and territories by
 * their short codes, and the Australia Post postcode ranges of each, so a form and the server can tell
 * "2161 is not in VIC". No zod here: the web app's first page can import it.
 */

export const AU_STATES = [
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'NSW', name: 'New South Wales' },
  { code: 'NT', name: 'Northern Territory' },
  { code: 'QLD', name: 'Queensland' },
  { code: 'SA', name: 'South Australia' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'WA', name: 'Western Australia' },
] as const;
export type AuStateCode = (typeof AU_STATES)[number]['code'];

/**
 * Australia Post postcode ranges (inclusive) by state, street and PO box ranges together. Jervis Bay
 * (2540) and Norfolk Island (2899) sit inside NSW's ranges and are accepted there as well as in ACT.
 */
const POSTCODE_RANGES: Record<AuStateCode, readonly (readonly [number, number])[]> = {
  ACT: [
    [200, 299],
    [2540, 2540],
    [2600, 2618],
    [2900, 2920],
  ],
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  NT: [[800, 999]],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  TAS: [[7000, 7999]],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  WA: [
    [6000, 6797],
    [6800, 6999],
  ],
};

/** 'nsw', 'NSW', 'New South Wales' -> 'NSW'; anything else -> null. */
export function normaliseStateCode(text: string): AuStateCode | null {
  const t = text.trim().replace(/\s+/g, ' ').toUpperCase();
  for (const s of AU_STATES) {
    if (t === s.code || t === s.name.toUpperCase()) return s.code;
  }
  return null;
}

/** True when the text is exactly four digits (leading zeros kept: 0800 is Darwin). */
export function isPostcodeShape(postcode: string): boolean {
  return /^\d{4}$/.test(postcode);
}

/** True when a four-digit postcode lies in one of the state's Australia Post ranges. */
export function isPostcodeInState(postcode: string, state: AuStateCode): boolean {
  if (!isPostcodeShape(postcode)) return false;
  const n = Number(postcode);
  return POSTCODE_RANGES[state].some(([lo, hi]) => n >= lo && n <= hi);
}

/** One line for labels and the order's `address` field: "12 Example St, Guildford NSW 2161". */
export function formatAddressLine(a: {
  street_address: string;
  city: string;
  state: string;
  post_code: string;
}): string {
  return `${a.street_address}, ${a.city} ${a.state} ${a.post_code}`.replace(/\s+/g, ' ').trim();
}
