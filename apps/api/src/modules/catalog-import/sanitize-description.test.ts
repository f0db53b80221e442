import { describe, expect, it } from 'vitest';
import { htmlToPlainText, sanitizeDescription } from './sanitize-description';

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

describe('htmlToPlainText on plain text', () => {
  it('collapses spaces and keeps lines as the HTML path does', () => {
    expect(htmlToPlainText('  Front  pads\t for  "Hilux" \n\n 2015 ')).toBe('Front pads for "Hilux"\n2015');
    expect(htmlToPlainText('Front  pads & more')).toBe('Front pads & more');
  });
});
