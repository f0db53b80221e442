import type { ProfileUpdateRequest, PublicUser } from '@store/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';
import { updateSessionUser } from '@/stores/session-store';

export interface ProfileUpdateAnswer {
  message: string;
  data: PublicUser;
}

/** `POST /api/profile/update` -> `{ message, data }`; 400 when old_password is wrong. */
export function updateProfile(body: ProfileUpdateRequest): Promise<ProfileUpdateAnswer> {
  return apiRequest('/profile/update', served<ProfileUpdateAnswer>(), { method: 'POST', body, member: true });
}

/** On success the stored profile (session user and the profile query) is the server's answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      updateSessionUser(answer.data);
      queryClient.setQueryData(['account', 'profile'], answer.data);
    },
  });
}
