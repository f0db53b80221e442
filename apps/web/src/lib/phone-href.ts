/**
 * A `tel:` link for an Australian phone number as printed: '(02) 5550 0123' -> 'tel:+61255500123' (a leading 0
 * becomes +61, so it dials from any phone), '+61 2 5550 0123' as is, and 13, 1300 and 1800 numbers, which only
 * dial within Australia, without a country code. Null when there is no number to dial.
 */
export function phoneHref(printed: string): string | null {
  const digits = printed.replace(/\D/g, '');
  if (digits.length < 6) return null;
  if (printed.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.startsWith('0')) return `tel:+61${digits.slice(1)}`;
  return `tel:${digits}`;
}
