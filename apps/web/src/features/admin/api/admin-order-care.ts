/**
 * The back office's care of one order (issue 36 §4): internal notes, resending a customer's mail and correcting an
 * unshipped order's shipping address. After a change the order itself is read again (its audit trail shows it).
 */
import type {
  ShippingAddressAnswer,
  ShippingAddressCorrectionInput,
} from '@store/shared/admin-address-correction';
import type { ResendMailRequest } from '@store/shared/admin-order-mails';
import type { OrderNote } from '@store/shared/admin-order-notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

const base = (publicId: string) => `/admin/orders/${encodeURIComponent(publicId)}`;
const notesKey = (publicId: string) => ['admin', 'order', publicId, 'notes'];
const addressKey = (publicId: string) => ['admin', 'order', publicId, 'shipping-address'];

/** `GET /api/admin/orders/{public id}/notes` -> the notes, newest first. */
export function useOrderNotes(publicId: string) {
  return useQuery({
    queryKey: notesKey(publicId),
    queryFn: ({ signal }) =>
      adminRequest(`${base(publicId)}/notes`, served<{ data: OrderNote[] }>(), { signal }),
  });
}

/** After a change: the order (its audit trail) and its notes are read again. */
function useCareChanged(publicId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'order', publicId] });
  };
}

/** `POST /api/admin/orders/{public id}/notes` -> `{ message, data }` (every note, newest first). */
export function useAddOrderNote(publicId: string) {
  const queryClient = useQueryClient();
  const changed = useCareChanged(publicId);
  return useMutation({
    mutationFn: (body: string) =>
      adminRequest(`${base(publicId)}/notes`, served<{ message: string; data: OrderNote[] }>(), {
        method: 'POST',
        body: { body },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(notesKey(publicId), { data: answer.data });
      changed();
    },
  });
}

/** `POST /api/admin/orders/{public id}/resend-mail` -> `{ message }`; 409 when too soon or not available. */
export function useResendOrderMail(publicId: string) {
  const changed = useCareChanged(publicId);
  return useMutation({
    mutationFn: (body: ResendMailRequest) =>
      adminRequest(`${base(publicId)}/resend-mail`, served<{ message: string }>(), { method: 'POST', body }),
    onSuccess: changed,
  });
}

/** `GET /api/admin/orders/{public id}/shipping-address` -> the shipping block and whether it may change. */
export function useShippingAddress(publicId: string) {
  return useQuery({
    queryKey: addressKey(publicId),
    queryFn: ({ signal }) =>
      adminRequest(`${base(publicId)}/shipping-address`, served<ShippingAddressAnswer>(), { signal }),
  });
}

/** `PUT /api/admin/orders/{public id}/shipping-address` -> the block as stored, with a message. */
export function useCorrectShippingAddress(publicId: string) {
  const queryClient = useQueryClient();
  const changed = useCareChanged(publicId);
  return useMutation({
    mutationFn: (body: ShippingAddressCorrectionInput) =>
      adminRequest(
        `${base(publicId)}/shipping-address`,
        served<ShippingAddressAnswer & { message: string; changed: boolean }>(),
        { method: 'PUT', body },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(addressKey(publicId), { data: answer.data, can_correct: answer.can_correct });
      changed();
    },
  });
}
