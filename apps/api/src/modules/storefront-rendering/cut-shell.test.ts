import { describe, expect, it } from 'vitest';
import { cutShell, fillShell, type PageParts } from './cut-shell';

const SHELL =
  '<!doctype html><html><head><meta name="description" content="Store" /><title>Store</title>' +
  '<style>a{}</style></head><body><div id="root"></div></body></html>';

const parts = (over: Partial<PageParts> = {}): PageParts => ({
  fill: {
    title: '<title>Brake pads | Store</title>',
    description: '<meta name="description" content="Pads" />',
    preload: '<link rel="preload" as="image" href="/p.webp" />',
    firstPaint: '<div class="boot-header">Store</div>',
  },
  head: '<link rel="canonical" href="/product/pads">',
  body: '<main>Pads</main>',
  state: '{"a":1}',
  ...over,
});

describe('a page written into its cut shell', () => {
  it("writes the title, the description, the page's head elements then the preload, the body and the state", () => {
    expect(fillShell(cutShell(SHELL), parts()).toString()).toBe(
      '<!doctype html><html><head><meta name="description" content="Pads" /><title>Brake pads | Store</title>' +
        '<style>a{}</style><link rel="canonical" href="/product/pads">' +
        '<link rel="preload" as="image" href="/p.webp" /></head><body><div id="root"><main>Pads</main></div>' +
        '<script type="application/json" id="ssr-state">{"a":1}</script></body></html>',
    );
  });

  it("keeps the shell's description when the page and the store have none", () => {
    const html = fillShell(
      cutShell(SHELL),
      parts({ fill: { ...parts().fill, description: null } }),
    ).toString();
    expect(html).toContain('<meta name="description" content="Store" />');
    expect(html).toContain('<title>Brake pads | Store</title>');
  });

  it('writes `$` patterns as they are', () => {
    const html = fillShell(
      cutShell(SHELL),
      parts({ body: "<p>$$ $& $' $`</p>", state: '{"q":"$&"}' }),
    ).toString();
    expect(html).toContain('<div id="root"><p>$$ $& $\' $`</p></div>');
    expect(html).toContain('{"q":"$&"}</script>');
  });

  it('is the same for every page of one cut, and leaves out places the shell lacks', () => {
    const cut = cutShell('<html><head></head><body><div id="root"></div></body></html>');
    const page = (over: Partial<PageParts> = {}) => fillShell(cut, parts(over)).toString();
    expect(page({ body: 'one' })).toContain('<div id="root">one</div>');
    expect(page({ body: 'two' })).toContain('<div id="root">two</div>');
    // No <title> or description in this shell: none is added, as a replace finding nothing added none.
    expect(page()).not.toContain('<title>');
    expect(page()).not.toContain('name="description"');
  });

  it('writes text outside ASCII in the shell and the page as UTF-8', () => {
    const cut = cutShell('<html><head><title>Café</title></head><body><div id="root"></div></body></html>');
    const bytes = fillShell(
      cut,
      parts({ body: 'Pads — 2 ’pairs’ ©', fill: { ...parts().fill, title: '<title>Café</title>' } }),
    );
    expect(bytes.toString('utf8')).toContain('<title>Café</title>');
    expect(bytes.toString('utf8')).toContain('<div id="root">Pads — 2 ’pairs’ ©</div>');
  });
});
