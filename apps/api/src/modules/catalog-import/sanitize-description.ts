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
  // Always the maintained sanitiser (DESIGN §5.7): a faster check of our own was tried and dropped (decision 0021).
  const clean = sanitizeHtml(source, DESCRIPTION_HTML_RULES).trim();
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
