import type { ContactRequest } from '@store/shared/customer-service';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** Both customer-service forms' success answer (`customerServiceAnswerSchema`). */
export interface CustomerServiceAnswer {
  message: string;
}

/**
 * `POST /api/contact-us` (SPEC §7) with the contact message as JSON -> 200 `{ message }`; 400
 * `{ message, errors }`; a 429 goes to /too-many-requests (api-client).
 */
export function contactUs(body: ContactRequest): Promise<CustomerServiceAnswer> {
  return apiRequest('/contact-us', served<CustomerServiceAnswer>(), { method: 'POST', body });
}

export function useContactUs() {
  return useMutation({ mutationFn: contactUs });
}
