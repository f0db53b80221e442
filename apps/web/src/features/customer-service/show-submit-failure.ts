import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toastError } from '@/lib/toast-feedback';
import { ApiError } from '@/lib/api-client';
import { submitFailureMessage } from './submit-failure-message';

/**
 * A contact or return form the server refused (SPEC §8): each field the server named gets its message under it
 * (those `isField` knows), the first of them gets the focus, and the toast says the SPEC's failure message.
 */
export function showSubmitFailure<T extends FieldValues>(
  error: unknown,
  isField: (name: string) => boolean,
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
) {
  const named = error instanceof ApiError ? (error.fieldErrors ?? []) : [];
  const known = named.filter((f) => isField(f.field)) as { field: Path<T>; message: string }[];
  for (const f of known) form.setError(f.field, { message: f.message });
  if (known[0]) form.setFocus(known[0].field);
  toastError(submitFailureMessage(error));
}
