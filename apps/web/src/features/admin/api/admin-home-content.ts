/**
 * The back office's home-page calls (issue 36 §2): the slides, banners and featured products; add, edit, delete,
 * reorder; choose the featured products; upload a picture. Shapes and messages in `@store/shared/home-content`.
 * Every change also drops the shop's cached store config and featured products, so the owner's own shop tab
 * shows it at once.
 */
import type {
  FeaturedProductItem,
  HomeContentInputBody,
  HomeContentItem,
  HomeContentKind,
  HomeContentList,
} from '@store/shared/home-content';
import { HOME_IMAGE_FIELD } from '@store/shared/home-content';
import type { HomeImageInfo } from '@store/shared/store-settings';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

const KEY = ['admin', 'home-content'];

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: KEY });
  void queryClient.invalidateQueries({ queryKey: ['store-config'] });
  void queryClient.invalidateQueries({ queryKey: ['products', 'featured'] });
}

/** `GET /api/admin/home-content`. */
export function useAdminHomeContent() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest('/admin/home-content', served<HomeContentList>(), { signal }),
  });
}

/** `POST /api/admin/home-content` (id null) or `PUT /api/admin/home-content/{id}`. */
export function useSaveHomeItem(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeContentInputBody) =>
      adminRequest(
        id === null ? '/admin/home-content' : `/admin/home-content/${id}`,
        served<{ data: HomeContentItem; message: string }>(),
        { method: id === null ? 'POST' : 'PUT', body },
      ),
    onSuccess: () => refresh(queryClient),
  });
}

/** `DELETE /api/admin/home-content/{id}`. */
export function useDeleteHomeItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminRequest(`/admin/home-content/${id}`, served<{ message: string }>(), { method: 'DELETE' }),
    onSuccess: () => refresh(queryClient),
  });
}

/** `PUT /api/admin/home-content/order`. */
export function useReorderHomeItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: HomeContentKind; ids: number[] }) =>
      adminRequest('/admin/home-content/order', served<{ message: string }>(), { method: 'PUT', body }),
    onSuccess: () => refresh(queryClient),
  });
}

/** `PUT /api/admin/home-content/featured`. */
export function useSaveFeaturedProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skus: string[]) =>
      adminRequest(
        '/admin/home-content/featured',
        served<{ data: FeaturedProductItem[]; message: string }>(),
        { method: 'PUT', body: { skus } },
      ),
    onSuccess: () => refresh(queryClient),
  });
}

/** `POST /api/admin/home-content/images` (multipart): the stored path and its measurements. */
export function uploadHomeImage(file: File) {
  const body = new FormData();
  body.append(HOME_IMAGE_FIELD, file);
  return adminRequest(
    '/admin/home-content/images',
    served<{ data: { path: string; image_info: HomeImageInfo }; message: string }>(),
    {
      method: 'POST',
      body,
      fallbackMessage: (status) => `The picture was not uploaded (status ${status}).`,
    },
  );
}
