import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createImageResolver, imageFileName } from './resolve-product-images';
import { createLocalFileStore } from '../../storage/local-file-store';

describe('imageFileName', () => {
  it('takes the last path segment of a URL or path, without query or fragment, percent-decoded', () => {
    expect(imageFileName('https://cdn.shopify.com/s/files/1/products/pad-front.png?v=17')).toBe(
      'pad-front.png',
    );
    expect(imageFileName('https://example.com/wp-content/uploads/brake%20pad.jpg#top')).toBe('brake pad.jpg');
    expect(imageFileName('images/h4-globe.png')).toBe('h4-globe.png');
    expect(imageFileName('C:\\photos\\rotor.webp')).toBe('rotor.webp');
    expect(imageFileName('h4.png?x=1')).toBe('h4.png');
  });

  it('returns null when there is no usable file name', () => {
    expect(imageFileName('https://example.com/')).toBeNull();
    expect(imageFileName('..')).toBeNull();
    expect(imageFileName('https://example.com/a%2F..')).toBeNull();
    expect(imageFileName('   ')).toBeNull();
  });
});

describe('createImageResolver', () => {
  it('copies from the images folder, falls back to the media folder, and reports missing files', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'image-resolver-'));
    try {
      const imagesDir = path.join(root, 'in');
      const mediaDir = path.join(root, 'media');
      const mediaStore = () => createLocalFileStore({ root: mediaDir });
      await mkdir(imagesDir);
      await writeFile(path.join(imagesDir, 'a.png'), 'A');
      const resolver = createImageResolver({ imagesDir, media: mediaStore() });
      expect(await resolver.resolve('https://x.test/a.png?v=1')).toEqual({ path: 'products/a.png' });
      expect(await readFile(path.join(mediaDir, 'products/a.png'), 'utf8')).toBe('A');
      expect(await resolver.resolve('b.png')).toEqual({ missing: `not found in ${imagesDir}` });

      // A later import without the folder still finds what the media folder already has.
      const later = createImageResolver({ media: mediaStore() });
      expect(await later.resolve('a.png')).toEqual({ path: 'products/a.png' });
      expect(await later.resolve('b.png')).toEqual({ missing: 'not found (no images folder was given)' });
      expect(await later.resolve('https://x.test/')).toEqual({ missing: 'has no file name' });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
