import type { PartEnquiryRequest } from '@store/shared/customer-service';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, apiRequest, served } from '@/lib/api-client';
import type { CustomerServiceAnswer } from './contact-us';

/** `POST /api/part-enquiry`: where the form posts when sent before the scripts run (a native form submit). */
export const PART_ENQUIRY_ACTION = `${API_BASE}/part-enquiry`;

/**
 * `POST /api/part-enquiry` (issue 37 §4) with the enquiry as JSON -> 200 `{ message }`; 400 `{ message, errors }`;
 * a 429 goes to /too-many-requests (api-client).
 */
export function sendPartEnquiry(body: PartEnquiryRequest): Promise<CustomerServiceAnswer> {
  return apiRequest('/part-enquiry', served<CustomerServiceAnswer>(), { method: 'POST', body });
}

export function usePartEnquiry() {
  return useMutation({ mutationFn: sendPartEnquiry });
}
