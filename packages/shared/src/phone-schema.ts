/**
 * The phone rule of `phone.ts` as zod fields (decision 0059): what each form's phone field accepts, with the
 * SPEC's message for the form where the SPEC gives one, and the value out of the schema in its stored form
 * ("0412 345 678" comes out as "0412345678"). Used by sign-up, profile, addresses, checkout, contact and
 * return forms alike, in the browser and at the API's edge.
 */
import { z } from 'zod';
import { normalisePhone, PHONE_SHAPE_MESSAGE, PHONE_TYPED_CHARACTERS } from './phone';
import { noControlCharacters } from './text-schemas';

/** Long enough for "+61 (0) 412 345 678" with generous spacing. */
export const PHONE_MAX_LENGTH = 24;

export interface PhoneMessages {
  /** An empty required field, e.g. 'Phone number is required' (SPEC §5). */
  required: string;
  /** Letters or other signs, e.g. 'Phone number must contain only numbers' (SPEC §5 Signup). */
  characters: string;
}

const tooLong = `Phone number must be ${PHONE_MAX_LENGTH} characters or fewer`;

/** A phone field that checks what is typed and answers the stored form; '' stays '' (for optional fields). */
function phoneField(messages: Pick<PhoneMessages, 'characters'>) {
  return z
    .string()
    .trim()
    .max(PHONE_MAX_LENGTH, tooLong)
    .superRefine(noControlCharacters('Phone number'))
    .refine((v) => PHONE_TYPED_CHARACTERS.test(v), messages.characters)
    .refine(
      (v) => v === '' || !PHONE_TYPED_CHARACTERS.test(v) || normalisePhone(v) !== null,
      PHONE_SHAPE_MESSAGE,
    )
    .transform((v) => (v === '' ? '' : (normalisePhone(v) ?? v)));
}

/** A required Australian phone number (sign-up, profile, addresses, checkout). */
export function phoneSchema(messages: PhoneMessages) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).pipe(phoneField(messages));
}

/** An optional Australian phone number (contact and return forms): '' when left empty. */
export function optionalPhoneSchema(messages: Pick<PhoneMessages, 'characters'>) {
  return phoneField(messages).optional().default('');
}
