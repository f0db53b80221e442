import { useState, type ImgHTMLAttributes } from 'react';
import { mediaUrl, PRODUCT_IMAGE_FALLBACK, useMediaBaseUrl } from '@/lib/media';

export interface ProductImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height' | 'onError'
> {
  /** Image path relative to the store's media base URL (`featured_image`), or null when there is none. */
  src: string | null | undefined;
  /** The product title, so the image is described by what it shows. */
  alt: string;
  width: number;
  height: number;
}

/**
 * A product photo: prepends the media base URL, keeps its box (width/height) while loading, loads lazily
 * unless told otherwise, and shows the "image not found" picture when the path is missing or fails to load.
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  loading = 'lazy',
  className,
  ...rest
}: ProductImageProps) {
  const base = useMediaBaseUrl();
  const url = src ? (base === null ? null : mediaUrl(base, src)) : PRODUCT_IMAGE_FALLBACK;
  // Remembers which URL failed, so a new `src` gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const classes = ['product-image', className].filter(Boolean).join(' ');

  if (url === null) {
    // The media base URL is still loading: hold the space without requesting anything.
    return (
      <span className={`${classes} product-image--pending`} style={{ aspectRatio: `${width} / ${height}` }} />
    );
  }

  const shown = failedUrl === url ? PRODUCT_IMAGE_FALLBACK : url;
  return (
    <img
      {...rest}
      className={classes}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={() => {
        if (shown !== PRODUCT_IMAGE_FALLBACK) setFailedUrl(url);
      }}
    />
  );
}
