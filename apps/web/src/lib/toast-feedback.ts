/**
 * How the account and customer-service screens report an answer (SPEC §8): a toast with the server's message,
 * or the SPEC's fallback; a request that got no answer at all gets the network message.
 */
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { ApiError } from '@/lib/api-client';

export function toastSuccess(message: string) {
  void import('react-toastify').then(({ toast }) => toast.success(message, { toastId: message }));
}

export function toastError(message: string) {
  void import('react-toastify').then(({ toast }) => toast.error(message, { toastId: message }));
}

/** The server's message for an `ApiError`; `fallback` for anything else it said; the network text when silent. */
export function failureMessage(error: unknown, fallback: string = ACCOUNT_MESSAGES.genericError): string {
  if (error instanceof ApiError) return error.message.trim() !== '' ? error.message : fallback;
  if (error instanceof TypeError) return ACCOUNT_MESSAGES.networkError;
  return fallback;
}
