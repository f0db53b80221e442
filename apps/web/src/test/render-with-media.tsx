/** Rendering product pictures in tests: a router and a media base, and a stored picture with all its copies. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { ProductImage as StoredImage } from '@store/shared/product';
import { MediaBaseUrlContext } from '@/lib/media';
import { makeTestQueryClient } from './query-client';

/**
 * Renders `ui` inside a router with `mediaBase` as the store's media base URL (null: not known yet), and a query
 * client holding the store's settings (product cards show prices through them, issue 18).
 */
export function renderWithMedia(ui: ReactNode, mediaBase: string | null = '/media/') {
  return render(
    <QueryClientProvider client={makeTestQueryClient()}>
      <MemoryRouter>
        <MediaBaseUrlContext value={mediaBase}>{ui}</MediaBaseUrlContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A 1500x1000 photo with WebP copies at every width the importer makes. */
export const ROTOR: StoredImage = {
  path: 'products/rotor.jpg',
  width: 1500,
  height: 1000,
  widths: [160, 320, 640, 960, 1280],
};

/** ROTOR's srcset under the media base '/media/'. */
export const ROTOR_SRCSET =
  '/media/products/variants/rotor.jpg-160w.webp 160w, /media/products/variants/rotor.jpg-320w.webp 320w, ' +
  '/media/products/variants/rotor.jpg-640w.webp 640w, /media/products/variants/rotor.jpg-960w.webp 960w, ' +
  '/media/products/variants/rotor.jpg-1280w.webp 1280w';
