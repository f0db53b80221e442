import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/**
 * `POST /api/unsubscribe` `{ token }` (issue 11: the newsletter mail's one-click link) -> 200 `{ message }`;
 * 400 (malformed token) and 404 (unknown token) `{ message }`. The link stands for the subscriber, not the
 * session, so no bearer is sent.
 */
export function unsubscribe(token: string): Promise<{ message: string }> {
  return apiRequest('/unsubscribe', served<{ message: string }>(), {
    method: 'POST',
    body: { token },
    token: null,
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
