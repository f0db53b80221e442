import type { PublicUser } from '@store/shared/account';
import type { PriceDisplay } from '@store/shared/gst-prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';
import { updateSessionUser } from '@/stores/session-store';

/**
 * `POST /api/profile/price-display` with `{ price_display }` -> `{ data: user }` (issue 18 §2); 409 with a message
 * for a member without business details asking for ex. GST.
 */
export function setPriceDisplay(display: PriceDisplay): Promise<{ data: PublicUser }> {
  return apiRequest('/profile/price-display', served<{ data: PublicUser }>(), {
    method: 'POST',
    body: { price_display: display },
    member: true,
  });
}

/** On success every price on screen follows at once: the session user and the profile are the server's answer. */
export function useSetPriceDisplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPriceDisplay,
    onSuccess: (answer) => {
      updateSessionUser(answer.data);
      queryClient.setQueryData(['account', 'profile'], answer.data);
    },
  });
}
