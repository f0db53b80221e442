import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

export interface UpdatePasswordBody {
  email: string;
  otp: string;
  password: string;
  password_confirmation: string;
}

/** `POST /api/update-password` -> `{ message: 'Password updated successfully!' }`; 400 otherwise. */
export function updatePassword(body: UpdatePasswordBody): Promise<{ message: string }> {
  return apiRequest('/update-password', served<{ message: string }>(), { method: 'POST', body, token: null });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
