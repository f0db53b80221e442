/**
 * Permalink slugs: lower-case ASCII letters, digits and single hyphens ("H4 Globe 12V/60W" -> "h4-globe-12v-60w").
 * Accents are folded; returns '' for text with no letters or digits.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
