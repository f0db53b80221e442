/**
 * The product editor's calls (issue 36 §1): the product as the editor reads it, the taxonomy for its selects,
 * create, save (with the version it was opened at), duplicate, archive / unarchive, and picture uploads.
 */
import type {
  EditorProductAnswer,
  ProductCreate,
  ProductSave,
  ProductTaxonomy,
  UploadedImage,
} from '@store/shared/admin-product-editor';
import { PRODUCT_IMAGE_FIELD } from '@store/shared/admin-product-editor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

export const editorKey = (sku: string) => ['admin', 'product-editor', sku.toLowerCase()];
const productPath = (sku: string) => `/admin/products/${encodeURIComponent(sku)}`;

/** `GET /api/admin/products/{sku}/editor`; not asked while `sku` is empty (a new product). */
export function useEditorProduct(sku: string) {
  return useQuery({
    queryKey: editorKey(sku),
    queryFn: ({ signal }) =>
      adminRequest(`${productPath(sku)}/editor`, served<EditorProductAnswer>(), { signal }),
    enabled: sku !== '',
  });
}

/** `GET /api/admin/product-taxonomy`: categories with children, and brands. */
export function useProductTaxonomy() {
  return useQuery({
    queryKey: ['admin', 'product-taxonomy'],
    queryFn: ({ signal }) => adminRequest('/admin/product-taxonomy', served<ProductTaxonomy>(), { signal }),
    staleTime: 60_000,
  });
}

export type EditorAction =
  | { kind: 'create'; body: ProductCreate }
  | { kind: 'save'; sku: string; body: ProductSave }
  | { kind: 'duplicate'; sku: string }
  | { kind: 'archive' | 'unarchive'; sku: string; version: number };

/** Every write of the editor; the answer is the product after, put in the cache under its (new) SKU. */
export function useEditorWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: EditorAction) => {
      const schema = served<EditorProductAnswer>();
      switch (action.kind) {
        case 'create':
          return adminRequest('/admin/products', schema, { method: 'POST', body: action.body });
        case 'save':
          return adminRequest(productPath(action.sku), schema, { method: 'PUT', body: action.body });
        case 'duplicate':
          return adminRequest(`${productPath(action.sku)}/duplicate`, schema, { method: 'POST' });
        default:
          return adminRequest(`${productPath(action.sku)}/${action.kind}`, schema, {
            method: 'POST',
            body: { version: action.version },
          });
      }
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(editorKey(answer.data.sku), answer);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'product'] });
    },
  });
}

/** `POST /api/admin/product-images` (multipart `file`) -> the stored path to name in a save. */
export function uploadProductImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append(PRODUCT_IMAGE_FIELD, file);
  return adminRequest('/admin/product-images', served<UploadedImage>(), { method: 'POST', body: form });
}
