/**
 * Writes the store's PNG icons (packages/shared/src/store-icons.ts, decision 0088) from its one drawing,
 * apps/web/public/favicon.svg, beside it in apps/web/public. Run after changing the drawing:
 * `npm run icons -w @store/api`. `rasteriseStoreIcon` is what store-icons.test.ts compares the files with.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const PUBLIC_DIR = fileURLToPath(new URL('../../web/public/', import.meta.url));

/** The drawing as a square PNG `size` px a side (Buffer). */
export async function rasteriseStoreIcon(size, { square = false } = {}) {
  // 72 dpi is the SVG's own 32 px; drawing it larger before the resize keeps the edges sharp at 180 px.
  const drawn = sharp(`${PUBLIC_DIR}favicon.svg`, { density: 72 * Math.ceil(size / 32) * 2 }).resize(
    size,
    size,
  );
  // A home screen rounds the corners itself and fills transparency with black, so that copy is filled to its edges
  // with the drawing's own orange.
  return (square ? drawn.flatten({ background: '#f26b1d' }) : drawn).png({ compressionLevel: 9 }).toBuffer();
}

/** The files written, as store-icons.ts names them. */
export const STORE_ICON_FILES = [
  { file: 'favicon.png', size: 32, square: false },
  { file: 'apple-touch-icon.png', size: 180, square: true },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { file, size, square } of STORE_ICON_FILES) {
    await writeFile(`${PUBLIC_DIR}${file}`, await rasteriseStoreIcon(size, { square }));
    console.log(`wrote apps/web/public/${file} (${size} px)`);
  }
}
