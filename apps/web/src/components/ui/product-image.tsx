import { useState, type ImgHTMLAttributes } from 'react';
import type { ProductImage as StoredImage } from '@store/shared/product';
import { productImageSrcSet } from '@store/shared/product-image';
import { mediaUrl, PRODUCT_IMAGE_FALLBACK, useMediaBaseUrl } from '@/lib/media';

export interface ProductImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt' | 'width' | 'height' | 'onError'
> {
  /** Image path relative to the store's media base URL (`featured_image`), or null when there is none. */
  src: string | null | undefined;
  /** The product title, so the image is described by what it shows. */
  alt: string;
  /**
   * The slot's size in CSS pixels: the `width`/`height` attributes when the picture's own size is not known, and
   * the `sizes` when none is given.
   */
  width: number;
  height: number;
  /**
   * What the catalog knows of the picture at `src` (the product's `images` entry): its intrinsic size, which
   * becomes the `width`/`height` attributes, and its WebP copies, which become the `srcset` (decision 0026).
   * Ignored when its path is not `src`.
   */
  image?: StoredImage | null | undefined;
  /**
   * How wide the picture is drawn, for the browser to choose from the srcset (a media-query list such as
   * `(min-width: 900px) 25vw, 50vw`; it must match the CSS layout). Default: the slot's width.
   */
  sizes?: string | undefined;
  /**
   * The page's largest picture (its LCP): requested at once with `fetchpriority="high"`, never lazily, and
   * decoded as the browser sees fit. Every other picture loads lazily (unless `loading="eager"`) and decodes
   * off the main thread.
   */
  priority?: boolean | undefined;
  /**
   * Keep `width`/`height` at the slot's size even when the picture's own size is known: a brand logo is 150x150
   * whatever was uploaded (SPEC /brands), its copies still offered by the srcset (decision 0082).
   */
  slotSize?: boolean | undefined;
}

/**
 * A product photo: prepends the media base URL, offers the picture's WebP copies by width (`srcset` and
 * `sizes`), keeps its box while loading (`width`/`height`: the intrinsic size when known, else the slot's),
 * loads lazily unless it is the page's main picture, and shows the "image not found" picture when the path is
 * missing or fails to load (a copy that fails first falls back to the original).
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  image,
  sizes,
  priority = false,
  slotSize = false,
  loading,
  fetchPriority,
  className,
  ...rest
}: ProductImageProps) {
  const base = useMediaBaseUrl();
  const url = src ? (base === null ? null : mediaUrl(base, src)) : PRODUCT_IMAGE_FALLBACK;
  // What went wrong with this URL: 1 after a failed copy (drop the srcset and try the original), 2 after a
  // failed original (show the fallback picture). A new `src` starts again from 0.
  const [failed, setFailed] = useState<{ url: string; stage: 1 | 2 } | null>(null);
  const classes = ['product-image', className].filter(Boolean).join(' ');
  const known = image && src && image.path === src ? image : null;
  const box =
    !slotSize && known?.width && known.height
      ? { width: known.width, height: known.height }
      : { width, height };

  if (url === null) {
    // The media base URL is still loading: hold the space without requesting anything.
    return (
      <span
        className={`${classes} product-image--pending`}
        style={{ aspectRatio: `${box.width} / ${box.height}` }}
      />
    );
  }

  const stage = failed?.url === url ? failed.stage : 0;
  const srcSet =
    stage === 0 && known && base !== null
      ? productImageSrcSet(known, (path) => mediaUrl(base, path))
      : undefined;
  const fallback = stage === 2 || url === PRODUCT_IMAGE_FALLBACK;
  return (
    <img
      {...rest}
      className={classes}
      alt={alt}
      width={fallback ? width : box.width}
      height={fallback ? height : box.height}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={priority ? 'high' : fetchPriority}
      decoding={priority ? undefined : 'async'}
      // srcset and sizes before src: a browser that starts fetching on `src` then already knows the choice.
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      src={fallback ? PRODUCT_IMAGE_FALLBACK : url}
      onError={() => {
        if (!fallback) setFailed({ url, stage: srcSet ? 1 : 2 });
      }}
    />
  );
}
