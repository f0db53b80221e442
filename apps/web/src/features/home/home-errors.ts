import { ApiError } from '@/lib/api-client';

/** SPEC §8: the home page's message when a load fails without a message of the server's. */
export const HOME_ERROR_FALLBACK = 'An unexpected error occurred.';

/** SPEC §8: the server's message for a failed call, else 'An unexpected error occurred.' */
export function homeErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message.trim()) return error.message;
  return HOME_ERROR_FALLBACK;
}

/** SPEC §8: on the home page, any error whose message contains 429 (or an HTTP 429) means too many requests. */
export function isTooManyRequests(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 429) return true;
  return error instanceof Error && error.message.includes('429');
}
