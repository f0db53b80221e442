/**
 * Escapes text for XML and HTML, in element content and in quoted attribute values alike: `&`, `<`, `>`, `"`
 * and `'` become entities (sitemaps.org asks for exactly these five in sitemap URLs).
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
