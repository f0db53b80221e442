/**
 * The API's error answers (SPEC §7: clients read `message`), declared once: the routes document them with these
 * schemas and the web's API client reads the same shape. The API's error handler (apps/api/src/plugins/
 * error-handling.ts) is what sends them: `{ message }` for any refusal, plus `errors` naming each field at fault
 * when a request did not validate.
 */
import { z } from 'zod';

/** One field's problem: `field` is the dotted path into the body or query ('' for the whole body). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** `{ message }`: every 4xx/5xx answer, and the plain answers that say only what was done. */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** A 400 that may list the fields at fault (a schema's refusal does; a service's own refusal may not). */
export const fieldErrorsAnswerSchema = messageAnswerSchema.extend({
  errors: z.array(fieldErrorSchema).optional(),
});
export type FieldErrorsAnswer = z.infer<typeof fieldErrorsAnswerSchema>;

/** A 400 of a route whose every refusal is a schema's: the fields at fault are always listed. */
export const validationErrorAnswerSchema = messageAnswerSchema.extend({
  errors: z.array(fieldErrorSchema),
});
export type ValidationErrorAnswer = z.infer<typeof validationErrorAnswerSchema>;
