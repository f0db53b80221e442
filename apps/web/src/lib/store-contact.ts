/**
 * The store's contact details for the footer (SPEC §2 Footer: a street address in Guildford NSW, a phone,
 * a sales email and the opening hours). The store config does not carry them yet; when it does, read them
 * from there. The phone number is in ACMA's range for fictitious use ((02) 5550 xxxx).
 */
export const STORE_CONTACT = {
  streetAddress: '12 Railway Terrace',
  locality: 'Guildford NSW 2161',
  phone: '(02) 5550 0123',
  phoneHref: 'tel:+61255500123',
  salesEmail: 'sales@southsideautoparts.com.au',
  hours: '8 AM to 6 PM AEST, Mon-Sun',
} as const;
