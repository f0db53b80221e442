import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** `POST /api/check-email` `{ email }` -> `{ message: 'OTP sent to email' }` (whether or not it has an account). */
export function checkEmail(email: string): Promise<{ message: string }> {
  return apiRequest('/check-email', served<{ message: string }>(), {
    method: 'POST',
    body: { email },
    token: null,
  });
}

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail });
}
