import { CUSTOMER_SERVICE_MESSAGES } from '@store/shared/customer-service';
import { ApiError } from '@/lib/api-client';

/**
 * SPEC §8 Contact and Return failures: 'Error submitting form: ' + the server's message; 'No response from
 * server.' when the request got no answer at all (fetch rejects with a TypeError); otherwise the error's text.
 */
export function submitFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return CUSTOMER_SERVICE_MESSAGES.submitError(error.message);
  if (error instanceof TypeError) return CUSTOMER_SERVICE_MESSAGES.noResponse;
  return CUSTOMER_SERVICE_MESSAGES.submitError(
    error instanceof Error && error.message ? error.message : String(error),
  );
}
