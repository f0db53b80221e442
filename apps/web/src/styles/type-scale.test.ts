// @vitest-environment node
/**
 * Every text in the web app is set in the type scale of `global.css` (decision 0081, issue 42 §2): a size is one of
 * the `--text-*` tokens and a weight one of 400, 600 and 700. A browser sets up each size and weight it lays out
 * once per page, and a phone's first layouts were mostly that set-up with 32 of them on the home page; a component
 * that picks a size of its own brings one back. The test reads every stylesheet with PostCSS and names each
 * declaration that leaves the scale, with its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GLOBAL_CSS = path.join(SRC, 'styles/global.css');

/** Every `.css` file under `apps/web/src`. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** Each declaration of `props` in every stylesheet, as `file:line value`. */
function declarations(props: string[]): { where: string; value: string }[] {
  const found: { where: string; value: string }[] = [];
  for (const file of stylesheets(SRC)) {
    const root = postcss.parse(readFileSync(file, 'utf8'), { from: file });
    root.walkDecls((decl) => {
      if (!props.includes(decl.prop)) return;
      found.push({ where: `${path.relative(SRC, file)}:${decl.source?.start?.line}`, value: decl.value });
    });
  }
  return found;
}

/** The size tokens `global.css` defines on `:root`. */
function sizeTokens(): Set<string> {
  const tokens = new Set<string>();
  postcss.parse(readFileSync(GLOBAL_CSS, 'utf8')).walkDecls(/^--text-/, (decl) => {
    tokens.add(decl.prop);
  });
  return tokens;
}

describe('the type scale', () => {
  const tokens = sizeTokens();

  it('has a handful of sizes', () => {
    expect(tokens.size).toBeGreaterThanOrEqual(4);
    expect(tokens.size).toBeLessThanOrEqual(8);
  });

  it('sets every font size from a token (or the price tag size its users set from one)', () => {
    const outside = declarations(['font-size', '--price-tag-size'])
      .filter(({ value }) => {
        const token = /^var\((--text-[a-z0-9]+)\)$/.exec(value)?.[1];
        if (token !== undefined) return !tokens.has(token);
        // A price tag's own size is its user's token, or its parent's size when unset.
        return value !== 'inherit' && value !== 'var(--price-tag-size, 1em)';
      })
      .map(({ where, value }) => `${where} ${value}`);
    expect(outside).toEqual([]);
  });

  it('uses three weights', () => {
    const outside = declarations(['font-weight', '--price-tag-weight'])
      .filter(
        ({ value }) => !['400', '600', '700', 'inherit', 'var(--price-tag-weight, 700)'].includes(value),
      )
      .map(({ where, value }) => `${where} ${value}`);
    expect(outside).toEqual([]);
  });

  it('gives the shorthand no size of its own', () => {
    const outside = declarations(['font'])
      .filter(({ value }) => value !== 'inherit')
      .map(({ where, value }) => `${where} ${value}`);
    expect(outside).toEqual([]);
  });
});
