import { toPlainText } from '@react-email/render';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail';

/** A mail with what React Email's text selectors treat specially: images, links, table cells, skipped parts. */
const mail = h(
  'html',
  null,
  h(
    'body',
    null,
    h('h1', null, 'Order INV-001001 confirmed'),
    h('img', { src: 'https://example.com/logo.png', alt: 'Logo' }),
    h('p', null, 'Thanks, Sam. ', h('a', { href: 'https://store.example/track' }, 'Track your order')),
    h('a', { href: 'https://store.example/' }, 'https://store.example/'),
    h('div', { 'data-skip-in-text': 'true' }, 'Only in the HTML'),
    h(
      'table',
      null,
      h('tbody', null, h('tr', null, h('td', null, 'Headlight globe H4 x 2'), h('td', null, '$39.90'))),
    ),
    h(
      'p',
      null,
      'A long line that must not be wrapped at eighty characters, because mail clients wrap it themselves.',
    ),
  ),
);

describe('renderMail', () => {
  it('makes the same plain text as React Email’s toPlainText, from the same HTML', async () => {
    const { html, text } = await renderMail(mail);
    const markup = renderToStaticMarkup(mail);
    expect(html.endsWith(markup)).toBe(true);
    expect(text).toBe(toPlainText(markup));
    expect(text).toContain('Track your order https://store.example/track');
    expect(text).not.toContain('Only in the HTML');
    expect(text).not.toContain('Logo');
    expect(text).toContain('because mail clients wrap it themselves.');
  });
});
