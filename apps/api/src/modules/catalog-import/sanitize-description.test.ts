import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_HTML_RULES,
  htmlToPlainText,
  sanitizeDescription,
  sanitizeSimpleHtml,
} from './sanitize-description';

describe('sanitizeDescription', () => {
  it('removes scripts, styles, event handlers, images and unsafe links but keeps basic formatting', () => {
    const html =
      '<h1>Title</h1><p onclick="x()">A <strong>strong</strong> &amp; <em>em</em> text' +
      '<img src="x.png" onerror="alert(1)"><script>alert(1)</script></p><style>p{color:red}</style>' +
      '<ul><li>one</li></ul><a href="javascript:alert(1)">bad</a> <a href="https://example.com/a" target="_blank">ok</a>' +
      '<table><tr><td colspan="2" style="x">cell</td></tr></table><iframe src="https://evil"></iframe>';
    const clean = sanitizeDescription(html);
    expect(clean).toBe(
      '<h2>Title</h2><p>A <strong>strong</strong> &amp; <em>em</em> text</p>' +
        '<ul><li>one</li></ul><a rel="nofollow noopener noreferrer">bad</a> ' +
        '<a href="https://example.com/a" rel="nofollow noopener noreferrer">ok</a>' +
        '<table><tr><td colspan="2">cell</td></tr></table>',
    );
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|style|iframe|<img/);
  });

  it('turns WordPress-style plain text into paragraphs when asked', () => {
    expect(sanitizeDescription('Line one\nline two\n\nSecond & last', { paragraphs: true })).toBe(
      '<p>Line one<br />\nline two</p>\n<p>Second &amp; last</p>',
    );
    // Text that already has block tags is left as HTML.
    expect(sanitizeDescription('<p>a</p>\n\n<p>b</p>', { paragraphs: true })).toBe('<p>a</p>\n\n<p>b</p>');
  });

  it('returns null when nothing but markup or whitespace is left', () => {
    expect(sanitizeDescription('  ')).toBeNull();
    expect(sanitizeDescription('<script>alert(1)</script><p> </p>')).toBeNull();
  });
});

describe('htmlToPlainText', () => {
  it('strips tags, decodes entities and keeps block breaks as lines', () => {
    expect(
      htmlToPlainText(
        '<p>Nuts &amp; bolts &lt;M8&gt;</p><ul><li>a</li><li>b&nbsp; c</li></ul><script>x()</script>',
      ),
    ).toBe('Nuts & bolts <M8>\na\nb c');
  });
});

describe('sanitizeSimpleHtml (the fast path)', () => {
  /** Mulberry32, so a failure names a case that can be run again. */
  const random = (seed: number) => {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  };
  const pieces = [
    'Brake pads',
    ' ',
    '\n',
    '\t',
    '"quoted"',
    "it's",
    'é €',
    '&amp;',
    '&',
    '<',
    '>',
    '\u0007',
    '<br>',
    '<br/>',
    '<br />',
    '</br>',
    '<p/>',
    '<P>',
    '<a href="https://x.au">',
    '</a>',
    '<h1>',
    '</h1>',
    '<div>',
    '</div>',
    '<img src="x">',
    '<script>',
    '</script>',
    '<!-- note -->',
    '<p class="x">',
  ];
  const tags = ['p', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h4', 'blockquote', 'table'];
  const tableTags = ['caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

  it('gives what sanitize-html gives, or leaves the HTML to it', () => {
    const rand = random(20260101);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    let fast = 0;
    for (let n = 0; n < 20_000; n++) {
      let html = '';
      const open: string[] = [];
      for (let k = Math.floor(rand() * 14); k > 0; k--) {
        const r = rand();
        if (r < 0.3) {
          const tag = pick(rand() < 0.8 ? tags : tableTags);
          open.push(tag);
          html += `<${tag}>`;
        } else if (r < 0.55 && open.length > 0) {
          // Mostly the innermost element, sometimes another one.
          const tag = rand() < 0.9 ? open.pop() : pick(tags);
          html += `</${tag}>`;
        } else if (r < 0.62) {
          html += pick(pieces);
        } else {
          html += pick(pieces.slice(0, 7));
        }
      }
      if (rand() < 0.7) while (open.length > 0) html += `</${open.pop()}>`;
      const simple = sanitizeSimpleHtml(html);
      if (simple === null) continue;
      fast++;
      expect(simple, JSON.stringify(html)).toBe(sanitizeHtml(html, DESCRIPTION_HTML_RULES));
    }
    // The generator must reach the fast path often for this to mean anything.
    expect(fast).toBeGreaterThan(3_000);
  });

  it('reads a typical exported description, and leaves links and entities to sanitize-html', () => {
    const html = '<p>Front pads.</p><ul><li>OE spec</li><li>12 month warranty</li></ul><p>Part<br>no. 1</p>';
    expect(sanitizeSimpleHtml(html)).toBe(html.replace('<br>', '<br />'));
    expect(sanitizeSimpleHtml('<p>a &amp; b</p>')).toBeNull();
    expect(sanitizeSimpleHtml('<p><a href="https://x.au">x</a></p>')).toBeNull();
    expect(sanitizeSimpleHtml('<p>one<p>two')).toBeNull();
  });
});

describe('htmlToPlainText on plain text', () => {
  it('collapses spaces and keeps lines as the HTML path does', () => {
    expect(htmlToPlainText('  Front  pads\t for  "Hilux" \n\n 2015 ')).toBe('Front pads for "Hilux"\n2015');
    expect(htmlToPlainText('Front  pads & more')).toBe('Front pads & more');
  });
});
