/**
 * Responsive product pictures (decision 0026): the WebP copies the catalog importer makes of each raster picture,
 * where they are stored, and the srcset that offers them. One definition for the importer that writes the copies,
 * the API that preloads a product page's picture and the web app that draws it.
 */
import type { PictureInfo, Product, ProductImage } from './product';

/** Widths in pixels of the WebP copies made of each raster picture; never wider than the picture itself. */
export const PRODUCT_IMAGE_WIDTHS: readonly number[] = [160, 320, 640, 960, 1280];

/**
 * Folder, beside the originals, that holds the copies. A folder of their own, so that no file name a catalog may
 * bring (`pad-320w.webp` is a possible one) can ever be overwritten by a copy or taken for one.
 */
export const PRODUCT_IMAGE_VARIANT_FOLDER = 'variants';

/**
 * `sizes` of the product page's main picture (the page's largest paint): the gallery spans the page below 900 px
 * and 1.1 of 2.1 columns of the 1280 px container above it (`product-page.css`, `product-gallery.css`). The API's
 * preload of that picture uses the same value, so the browser fetches the copy it preloaded.
 */
export const PRODUCT_PAGE_IMAGE_SIZES = '(min-width: 1280px) 620px, (min-width: 900px) 50vw, 100vw';

/**
 * The stored path of the `width` px WebP copy of the picture stored at `path`:
 * `products/pad.jpg`, 320 -> `products/variants/pad.jpg-320w.webp`. The original's whole name (extension
 * included) is kept, so `pad.jpg` and `pad.png` never share copies.
 */
export function productImageVariantPath(path: string, width: number): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}${PRODUCT_IMAGE_VARIANT_FOLDER}/${path.slice(slash + 1)}-${width}w.webp`;
}

/** The copy widths made for a picture `width` px wide: every width of `PRODUCT_IMAGE_WIDTHS` up to its own. */
export function productImageVariantWidths(width: number): number[] {
  return PRODUCT_IMAGE_WIDTHS.filter((w) => w <= width);
}

/** A URL in a srcset must not contain white space or commas (they separate candidates): those are escaped. */
function srcsetUrl(url: string): string {
  return url.replace(/[\s,]/g, (c) => encodeURIComponent(c));
}

/**
 * The `srcset` of a stored picture: each WebP copy with its width (`products/variants/pad.jpg-320w.webp 320w`),
 * then the original at its own width when it is wider than its largest copy yet no wider than the largest copy
 * width (a 1,000 px original stays on offer at full resolution; a 4,000 px one is never sent whole). `toUrl` turns
 * a stored path into the URL to fetch (the media base prepended; default: the path as it is). Undefined when the
 * picture has no copies (an SVG, a picture narrower than 160 px, one whose size is not known): then `src` alone
 * is right.
 */
export function productImageSrcSet(
  image: Pick<ProductImage, 'path' | 'width' | 'widths'>,
  toUrl: (path: string) => string = (path) => path,
): string | undefined {
  if (image.widths.length === 0) return undefined;
  const widths = [...image.widths].sort((a, b) => a - b);
  const candidates = widths.map((w) => `${srcsetUrl(toUrl(productImageVariantPath(image.path, w)))} ${w}w`);
  const largestCopy = widths[widths.length - 1] ?? 0;
  const largestWidth = PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1] ?? 0;
  if (image.width !== null && image.width > largestCopy && image.width <= largestWidth) {
    candidates.push(`${srcsetUrl(toUrl(image.path))} ${image.width}w`);
  }
  return candidates.join(', ');
}

/** What the catalog knows of the picture at `path` of `product`, or null (no such picture, no path). */
export function productImageOf(
  product: { images?: readonly ProductImage[] | undefined },
  path: string | null | undefined,
): ProductImage | null {
  if (!path) return null;
  return product.images?.find((i) => i.path === path) ?? null;
}

/** The product's featured picture with its size and copies, or null. */
export function featuredProductImage(
  product: Pick<Product, 'featured_image'> & { images?: readonly ProductImage[] | undefined },
): ProductImage | null {
  return productImageOf(product, product.featured_image);
}

/**
 * A category's thumbnail or a brand's logo or cover as a stored picture the srcset can offer (decision 0082): its
 * path with what the pipeline measured of it, or null when there is no picture or nothing was measured (a picture
 * stored before copies were made is then shown whole, as before).
 */
export function taxonomyPicture(
  path: string | null | undefined,
  info: PictureInfo | null | undefined,
): ProductImage | null {
  return path && info ? { path, ...info } : null;
}
