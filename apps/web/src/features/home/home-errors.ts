import { ApiError, TOO_MANY_REQUESTS_STATUS } from '@/lib/api-client';

/** SPEC §8: the home page's message when a load fails without a message of the server's. */
export const HOME_ERROR_FALLBACK = 'An unexpected error occurred.';

/** SPEC §8: the server's message for a failed call, else 'An unexpected error occurred.' */
export function homeErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message.trim()) return error.message;
  return HOME_ERROR_FALLBACK;
}

/**
 * SPEC §8: on the home page an error whose message contains 429 also means too many requests, so the page
 * goes to /too-many-requests. An HTTP 429 answer itself is left out: the API client has already redirected
 * (or held back within the 45 s cool-down), and navigating a second time would bypass that.
 */
export function isTooManyRequests(error: unknown): boolean {
  if (error instanceof ApiError && error.status === TOO_MANY_REQUESTS_STATUS) return false;
  return error instanceof Error && error.message.includes('429');
}
