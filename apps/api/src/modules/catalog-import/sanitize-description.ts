/**
 * Catalog HTML cleaning (DESIGN §5 rule 7): descriptions from a CSV are sanitised by sanitize-html before they
 * are stored. Only basic formatting survives; scripts, styles, event handlers and unsafe links are removed.
 */
import sanitizeHtml from 'sanitize-html';

/** What descriptions keep (sanitize-html options). */
export const DESCRIPTION_HTML_RULES: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'a',
    'blockquote',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  // `rel` on links is set by the transform below, never taken from the catalog.
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The product page owns the h1; shift catalog headings into the allowed range.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }),
  },
};

const BLOCK_TAG = /<(p|ul|ol|table|h[1-6]|blockquote|div)[\s>]/i;

/**
 * Tags that sanitize-html writes back exactly as they came when they have no attributes (the allowed tags less
 * `a`, which gains a rel, and `br`, written `<br />`).
 */
const PLAIN_TAGS = new Set([
  'p',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
]);
/** htmlparser2's implied end tags among PLAIN_TAGS: opening the key closes an open element of the set. */
const OPEN_CLOSES: Record<string, readonly string[]> = {
  tr: ['tr', 'th', 'td'],
  th: ['th'],
  td: ['thead', 'th', 'td'],
  li: ['li'],
  p: ['p'],
  h2: ['p'],
  h3: ['p'],
  h4: ['p'],
  blockquote: ['p'],
  ol: ['p'],
  ul: ['p'],
  table: ['p'],
  tbody: ['thead', 'tbody'],
  tfoot: ['thead', 'tbody'],
};
/** A tag, or a run of text without markup, entities or control characters other than tab and line feed. */
// eslint-disable-next-line no-control-regex -- control characters are what the text run must not contain
const TOKEN = /<(\/?)([a-z0-9]+)( ?\/)?>|[^<>&\u0000-\u0008\u000b-\u001f\u007f-\u009f]+/y;

/**
 * What sanitize-html would make of `html` when that is plain to see: only PLAIN_TAGS without attributes, properly
 * nested (no end tag implied by another tag), `<br>` in any of its spellings, and text without `&`, `<`, `>` or
 * control characters. Returns null when the HTML is anything else, and the caller runs sanitize-html. Most
 * exported descriptions are this simple, and this is fifty times faster; `sanitize-description.test.ts` compares
 * the two on generated HTML.
 */
export function sanitizeSimpleHtml(html: string): string | null {
  const stack: string[] = [];
  let breaks = false;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const m = TOKEN.exec(html);
    if (!m) return null;
    const name = m[2];
    if (name === undefined) continue;
    if (name === 'br') {
      if (m[1]) return null;
      breaks = true;
      continue;
    }
    if (m[3] || !PLAIN_TAGS.has(name)) return null;
    if (m[1]) {
      if (stack.pop() !== name) return null;
    } else {
      const top = stack[stack.length - 1];
      if (top !== undefined && OPEN_CLOSES[name]?.includes(top)) return null;
      stack.push(name);
    }
  }
  if (stack.length > 0) return null;
  // The HTML comes back as it came, but for line breaks, which sanitize-html writes `<br />`.
  return breaks ? html.replace(/<br ?\/?>/g, '<br />') : html;
}

/**
 * Cleans catalog HTML to the store's allowed subset: p, br, strong, em, b, i, u, ul, ol, li, h2-h4 (h1 -> h2,
 * h5/h6 -> h4), blockquote, a[href] with http/https/mailto/tel only (given rel="nofollow noopener noreferrer"),
 * and table parts. Script and style contents are dropped. With `paragraphs` (WordPress text, where line breaks
 * are the formatting), text without block tags is wrapped: blank lines -> paragraphs, single breaks -> <br>.
 * Returns null when nothing but whitespace remains.
 */
export function sanitizeDescription(html: string, options: { paragraphs?: boolean } = {}): string | null {
  let source = html.replace(/\r\n?/g, '\n').trim();
  if (source === '') return null;
  if (options.paragraphs && !BLOCK_TAG.test(source)) {
    source = source
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .map((p) => `<p>${p.replace(/\n/g, '<br>\n')}</p>`)
      .join('\n');
  }
  const clean = (sanitizeSimpleHtml(source) ?? sanitizeHtml(source, DESCRIPTION_HTML_RULES)).trim();
  // `clean` is well-formed output of the sanitiser, so stripping its tags by pattern is safe here.
  const hasText = /[^\s]/.test(clean.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ''));
  return hasText ? clean : null;
}

/**
 * Turns catalog HTML into plain text (for short descriptions and SEO fields): tags removed, entities decoded,
 * block ends become line breaks, runs of spaces collapsed. Returns '' when no text remains.
 */
export function htmlToPlainText(html: string): string {
  // Text without markup, entities or control characters is what sanitize-html would return for it.
  const text = PLAIN_TEXT.test(html) ? html : markupToText(html);
  return text
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}

// eslint-disable-next-line no-control-regex -- control characters are what plain text must not contain
const PLAIN_TEXT = /^[^<>&\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/;

function markupToText(html: string): string {
  // sanitize-html with no allowed tags drops every tag (and script/style content) and decodes entities,
  // re-escaping only &, < and >; those three are reversed exactly below.
  const withBreaks = html.replace(
    /<\s*br\s*\/?>|<\/\s*(p|li|h[1-6]|tr|div|blockquote)\s*>/gi,
    (m) => `${m}\n`,
  );
  return sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
