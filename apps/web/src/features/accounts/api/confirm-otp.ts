import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** `POST /api/confirm-otp` `{ email, otp }` -> `{ message: 'OTP Confirmed' }`; 400 invalid or expired. */
export function confirmOtp(body: { email: string; otp: string }): Promise<{ message: string }> {
  return apiRequest('/confirm-otp', served<{ message: string }>(), { method: 'POST', body, token: null });
}

export function useConfirmOtp() {
  return useMutation({ mutationFn: confirmOtp });
}
