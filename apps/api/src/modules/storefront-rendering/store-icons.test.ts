import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STORE_ICON, STORE_TOUCH_ICON, storeIconLinks } from '@store/shared/store-icons';
import { renderSitemapErrorHtml } from '../sitemaps/render-sitemap-html';
// @ts-expect-error -- a plain script (node scripts/rasterise-store-icons.mjs), typed by use here
import { PUBLIC_DIR, STORE_ICON_FILES, rasteriseStoreIcon } from '../../../scripts/rasterise-store-icons.mjs';

const INDEX_HTML = fileURLToPath(new URL('../../../../web/index.html', import.meta.url));

interface IconFile {
  file: string;
  size: number;
  square: boolean;
}

/** The raw RGBA pixels of a PNG, with its size. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format: (await sharp(png).metadata()).format };
}

describe('the store icons (decision 0088)', () => {
  it('are PNG files of the size store-icons.ts names, drawn from favicon.svg', async () => {
    const files = STORE_ICON_FILES as IconFile[];
    expect(files.map(({ file, size }) => ({ path: `/${file}`, size }))).toEqual([
      STORE_ICON,
      STORE_TOUCH_ICON,
    ]);
    for (const { file, size, square } of files) {
      const committed = await pixels(await readFile(`${PUBLIC_DIR as string}${file}`));
      expect(committed).toMatchObject({ format: 'png', width: size, height: size });
      // The committed file is what the script makes of the drawing today: a changed drawing needs `npm run icons`.
      const drawn = await pixels((await rasteriseStoreIcon(size, { square })) as Buffer);
      let difference = 0;
      for (let i = 0; i < drawn.data.length; i++) difference += Math.abs(drawn.data[i]! - committed.data[i]!);
      expect(difference / drawn.data.length).toBeLessThan(1);
    }
  });

  it('fill the home-screen copy to its corners, and leave the tab icon its rounded, transparent ones', async () => {
    const tab = await pixels(await readFile(`${PUBLIC_DIR as string}favicon.png`));
    const home = await pixels(await readFile(`${PUBLIC_DIR as string}apple-touch-icon.png`));
    expect(tab.data[3]).toBe(0);
    expect([...home.data.subarray(0, 4)]).toEqual([0xf2, 0x6b, 0x1d, 255]);
  });

  it('are the icons index.html and the sitemap pages name, and no SVG icon is', async () => {
    const html = await readFile(INDEX_HTML, 'utf8');
    for (const link of storeIconLinks().split('\n')) expect(html).toContain(link);
    expect(html).not.toMatch(/rel="icon"[^>]*svg/);
    expect(renderSitemapErrorHtml('Shop', 'Try again later.')).toContain(storeIconLinks());
  });
});
