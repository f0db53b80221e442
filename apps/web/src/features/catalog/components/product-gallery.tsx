import type { Product } from '@store/shared/product';
import { PRODUCT_PAGE_IMAGE_SIZES, productImageOf } from '@store/shared/product-image';
import { useState } from 'react';
import { ChevronIcon } from '@/components/ui/chevron-icon';
import { ProductImage } from '@/components/ui/product-image';
import { galleryImages, initialGalleryImage } from '../product-fields';
import './product-gallery.css';

/** SPEC §9: thumbnails show 3 at a time. */
export const VISIBLE_THUMBNAILS = 3;

export interface ProductGalleryProps {
  product: Pick<Product, 'featured_image' | 'gallery_media' | 'images'>;
  /** The product's title, which describes its photos. */
  title: string;
}

/**
 * The product's photos (SPEC §2): a large image that starts as the featured image (else the first gallery
 * image, else the placeholder) and thumbnails, 3 at a time with arrows, that choose it. Give the component
 * a `key` per product so a new product starts again from its own first image.
 */
export function ProductGallery({ product, title }: ProductGalleryProps) {
  const images = galleryImages(product);
  const [selected, setSelected] = useState(() => initialGalleryImage(product));
  const [first, setFirst] = useState(0);
  const lastFirst = Math.max(0, images.length - VISIBLE_THUMBNAILS);
  const scrollable = images.length > VISIBLE_THUMBNAILS;
  const shown = images.slice(first, first + VISIBLE_THUMBNAILS);
  const selectedIndex = selected === null ? -1 : images.indexOf(selected);

  return (
    <div className="product-gallery">
      <div className="product-gallery__main">
        {/* The page's largest picture: fetched first, never lazily. */}
        <ProductImage
          src={selected}
          image={productImageOf(product, selected)}
          alt={selectedIndex > 0 ? `${title}, image ${selectedIndex + 1} of ${images.length}` : title}
          width={600}
          height={600}
          sizes={PRODUCT_PAGE_IMAGE_SIZES}
          priority
        />
      </div>
      {images.length > 1 && (
        <div className="product-gallery__thumbs" role="group" aria-label="Product images">
          {scrollable && (
            <button
              type="button"
              className="product-gallery__arrow"
              aria-label="Previous images"
              aria-disabled={first === 0}
              onClick={() => setFirst((f) => Math.max(0, f - 1))}
            >
              <ChevronIcon size="small" direction="previous" />
            </button>
          )}
          <ul className="product-gallery__list">
            {shown.map((src, i) => {
              const index = first + i;
              return (
                <li key={src}>
                  <button
                    type="button"
                    className="product-gallery__thumb"
                    aria-label={`Show image ${index + 1} of ${images.length}`}
                    aria-pressed={src === selected}
                    onClick={() => setSelected(src)}
                  >
                    <ProductImage
                      src={src}
                      image={productImageOf(product, src)}
                      alt=""
                      width={80}
                      height={80}
                    />
                  </button>
                </li>
              );
            })}
          </ul>
          {scrollable && (
            <button
              type="button"
              className="product-gallery__arrow"
              aria-label="Next images"
              aria-disabled={first >= lastFirst}
              onClick={() => setFirst((f) => Math.min(lastFirst, f + 1))}
            >
              <ChevronIcon size="small" direction="next" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
