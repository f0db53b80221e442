import {
  CUSTOMER_SERVICE_MESSAGES,
  RETURN_FILE_FIELD,
  type OrderReturnRequestInput,
} from '@store/shared/customer-service';
import type { OrderReturnAnswer } from '@store/shared/shopper-returns';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

export interface OrderReturnSubmission {
  /** The text fields as sent: `lines` is the JSON list of `{ line_id, quantity }` ('' on the free form). */
  fields: Record<Exclude<keyof OrderReturnRequestInput, 'lines' | 'reason'>, string> & {
    lines?: string;
    reason?: string;
  };
  /** The photo or document (SPEC §7 `file_path`), already checked by `returnFileProblem`. */
  file: File | null;
}

/** HTTP 413: the upload is larger than the server takes. */
const PAYLOAD_TOO_LARGE_STATUS = 413;

/**
 * `POST /api/order-return` (SPEC §7) as multipart/form-data: the text fields, then the file part
 * `file_path` when there is one. The member's bearer goes along while signed in, so the server can tie the
 * return to their order. 200 `{ message, data }` (the request's number, lines and next steps, issue 37 §3); 400 `{ message, errors? }`, 413 and 415 `{ message }` become an
 * `ApiError` with the server's message (a 413 without one, from a proxy, says the SPEC's file size message);
 * a 429 goes to /too-many-requests first (SPEC §8). A request that gets no answer rejects with fetch's TypeError.
 */
export function orderReturn({ fields, file }: OrderReturnSubmission): Promise<OrderReturnAnswer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append(RETURN_FILE_FIELD, file, file.name);

  return apiRequest('/order-return', served<OrderReturnAnswer>(), {
    method: 'POST',
    body,
    fallbackMessage: (status) =>
      status === PAYLOAD_TOO_LARGE_STATUS ? CUSTOMER_SERVICE_MESSAGES.fileTooLarge : undefined,
  });
}

export function useOrderReturn() {
  return useMutation({ mutationFn: orderReturn });
}
