import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

export interface SubscribeAnswer {
  message: string;
}

/** `POST /api/subscribe` with `{ email }` -> 200 `{ message }`; a bad address answers 400 `{ message }`. */
export function subscribe(email: string): Promise<SubscribeAnswer> {
  return apiRequest('/subscribe', served<SubscribeAnswer>(), { method: 'POST', body: { email } });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
