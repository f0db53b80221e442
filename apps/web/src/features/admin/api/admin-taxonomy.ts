/**
 * The back office's taxonomy calls (issue 36 §2): categories with their child categories, and brands. Every change
 * answers the whole fresh tree or list, which replaces the cached one; the shop's own lists (`categories`,
 * `brands`) are marked stale so this tab's shop shows the change too. Shapes and messages in
 * `@store/shared/admin-taxonomy`.
 */
import {
  TAXONOMY_IMAGE_FIELD,
  type AdminBrandList,
  type AdminCategoryTree,
  type BrandImageSlot,
} from '@store/shared/admin-taxonomy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

const CATEGORIES_KEY = ['admin', 'categories'] as const;
const BRANDS_KEY = ['admin', 'brands'] as const;

/** `GET /api/admin/categories` -> every category with its child categories, retired ones included. */
export function useAdminCategories() {
  return useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: ({ signal }) => adminRequest('/admin/categories', served<AdminCategoryTree>(), { signal }),
  });
}

/** `GET /api/admin/brands` -> every brand A-Z, retired ones included. */
export function useAdminBrands() {
  return useQuery({
    queryKey: BRANDS_KEY,
    queryFn: ({ signal }) => adminRequest('/admin/brands', served<AdminBrandList>(), { signal }),
  });
}

/** One taxonomy change: the call's method, path under /api and body (JSON, or a picture as FormData). */
export interface TaxonomyCall {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  body?: unknown;
}

/** A picture as the upload routes take it: one file in `file`. */
export function pictureForm(file: File): FormData {
  const body = new FormData();
  body.append(TAXONOMY_IMAGE_FIELD, file);
  return body;
}

function useTaxonomyChange<T>(key: readonly string[], shopKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: TaxonomyCall) =>
      adminRequest(call.path, served<T>(), {
        method: call.method,
        body: call.body,
        fallbackMessage: (status) => `The change was not saved (status ${status}).`,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      void queryClient.invalidateQueries({ queryKey: [shopKey] });
    },
  });
}

/** A change of the categories (add, rename, move, retire, restore, thumbnail); answers the new tree. */
export function useCategoryChange() {
  return useTaxonomyChange<AdminCategoryTree>(CATEGORIES_KEY, 'categories');
}

/** A change of the brands (add, rename, retire, restore, logo, cover); answers the new list. */
export function useBrandChange() {
  return useTaxonomyChange<AdminBrandList>(BRANDS_KEY, 'brands');
}

/** The path of a brand picture's upload. */
export const brandImagePath = (id: number, slot: BrandImageSlot) => `/admin/brands/${id}/images/${slot}`;
