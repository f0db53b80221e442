import {
  CUSTOMER_SERVICE_MESSAGES,
  RETURN_FILE_FIELD,
  type OrderReturnRequest,
} from '@store/shared/customer-service';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiUrl, bearerHeaders, served, TOO_MANY_REQUESTS_STATUS } from '@/lib/api-client';
import { redirectToTooManyRequests } from '@/lib/too-many-requests';
import type { CustomerServiceAnswer } from './contact-us';

export interface OrderReturnSubmission {
  fields: OrderReturnRequest;
  /** The photo or document (SPEC §7 `file_path`), already checked by `returnFileProblem`. */
  file: File | null;
}

/** HTTP 413: the upload is larger than the server takes. */
const PAYLOAD_TOO_LARGE_STATUS = 413;

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

async function readErrorBody(response: Response): Promise<ErrorBody> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    // A proxy's HTML page, or nothing at all.
    return {};
  }
}

function fieldErrorsOf(errors: unknown): { field: string; message: string }[] | undefined {
  if (!Array.isArray(errors)) return undefined;
  return errors.filter(
    (e): e is { field: string; message: string } =>
      typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
  );
}

/**
 * `POST /api/order-return` (SPEC §7) as multipart/form-data: the text fields, then the file part
 * `file_path` when there is one. The browser writes the Content-Type with its boundary, so none is set here.
 * The member's bearer goes along while signed in, so the server can tie the return to their order.
 * 200 `{ message }`; 400 `{ message, errors? }`, 413 and 415 `{ message }` become an `ApiError` with the
 * server's message; a 429 goes to /too-many-requests first (SPEC §8), as `apiRequest` does for JSON calls.
 * A request that gets no answer rejects with fetch's TypeError.
 */
export async function orderReturn({ fields, file }: OrderReturnSubmission): Promise<CustomerServiceAnswer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append(RETURN_FILE_FIELD, file, file.name);

  const response = await fetch(apiUrl('/order-return'), {
    method: 'POST',
    headers: { Accept: 'application/json', ...bearerHeaders() },
    body,
  });
  if (response.ok) return served<CustomerServiceAnswer>().parse(await response.json());

  const answer = await readErrorBody(response);
  if (response.status === TOO_MANY_REQUESTS_STATUS) redirectToTooManyRequests();
  const message =
    typeof answer.message === 'string' && answer.message.trim() !== ''
      ? answer.message
      : response.status === PAYLOAD_TOO_LARGE_STATUS
        ? CUSTOMER_SERVICE_MESSAGES.fileTooLarge
        : response.statusText || `Request failed with status ${response.status}`;
  throw new ApiError(response.status, message, fieldErrorsOf(answer.errors));
}

export function useOrderReturn() {
  return useMutation({ mutationFn: orderReturn });
}
