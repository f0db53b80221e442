import { createContext, use } from 'react';

/** The API's default public media URL; used when the store config could not be read. */
export const DEFAULT_MEDIA_BASE_URL = '/media/';

/** Shown in place of a product image that is missing or fails to load. */
export const PRODUCT_IMAGE_FALLBACK = '/images/product-image-not-found.svg';

/**
 * The store's media base URL (store config `media_base_url`), or null while it is still loading,
 * so that no image is requested from a base that is about to change.
 */
export const MediaBaseUrlContext = createContext<string | null>(DEFAULT_MEDIA_BASE_URL);

export function useMediaBaseUrl(): string | null {
  return use(MediaBaseUrlContext);
}

/** Prepends the media base to a stored image path (`products/a.jpg`); absolute URLs are kept as they are. */
export function mediaUrl(base: string, path: string): string {
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  return `${base.endsWith('/') ? base : `${base}/`}${path.replace(/^\/+/, '')}`;
}
