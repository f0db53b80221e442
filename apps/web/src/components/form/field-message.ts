import type { FieldError } from 'react-hook-form';

/** What shows under a field: a validation error, or the live-typing filter's note on a refused keystroke. */
export interface FieldMessage {
  text: string;
  kind: 'error' | 'filter';
}

/** A react-hook-form error as the field component shows it. */
export function errorOf(error: FieldError | undefined): FieldMessage | null {
  return error?.message ? { text: error.message, kind: 'error' } : null;
}
