/**
 * The customer-service forms (SPEC §2 /contact-us and /return-order, §3 Contact message, §5 Contact form and
 * Return form rules, §7 `/contact-us` and `/order-return`, §8 messages; issue 11). One schema per form, used
 * as the browser form's resolver and as the API's body schema.
 */
import { z } from 'zod';
import { multiLineText, noControlCharacters } from './text-schemas';

/** SPEC §5, §9: a returned item's photo or document, at most 5 MB. */
export const RETURN_FILE_MAX_BYTES = 5_242_880;
/** SPEC §5: the kinds a return may attach (checked by content on the server, by name in the browser). */
export const RETURN_FILE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf', 'txt'] as const;
/** For the file input's `accept`. */
export const RETURN_FILE_ACCEPT = '.png,.jpg,.jpeg,.pdf,.txt,image/png,image/jpeg,application/pdf,text/plain';
/** The multipart field of the file (SPEC §7 `file_path`). */
export const RETURN_FILE_FIELD = 'file_path';

export const MESSAGE_MAX_LENGTH = 2000;
export const SUBJECT_MAX_LENGTH = 150;

export const CUSTOMER_SERVICE_MESSAGES = {
  // SPEC §8
  contactSent: 'Form Submitted Successfully',
  submitError: (reason: string) => `Error submitting form: ${reason}`,
  noResponse: 'No response from server.',
  // SPEC §5
  fileTooLarge: 'File size exceeds 5MB',
  orderId: 'Order ID can only contain letters and numbers',
  // Ours: the SPEC names no message for these.
  returnSent:
    'Your return request has been received. We will reply by email within 24 hours with what to do next.',
  fileType: 'The file must be a PNG or JPEG image, a PDF or a plain text file',
  fileEmpty: 'The file is empty',
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  invalidEmail: 'Invalid email format',
  phone: 'Phone number must contain only numbers (a leading + is allowed)',
} as const;

const M = CUSTOMER_SERVICE_MESSAGES;

/** A required single-line field, trimmed, with the house messages. */
function requiredLine(label: string, max: number) {
  return z
    .string({ error: M.required(label) })
    .trim()
    .min(1, M.required(label))
    .max(max, M.tooLong(label, max))
    .superRefine(noControlCharacters(label));
}

const email = z
  .string({ error: M.required('Email') })
  .trim()
  .min(1, M.required('Email'))
  .max(254, M.tooLong('Email', 254))
  .pipe(z.email(M.invalidEmail));

const optionalPhone = z
  .string()
  .trim()
  .max(20, M.tooLong('Phone', 20))
  .regex(/^(\+?\d+)?$/, M.phone)
  .optional()
  .default('');

const message = multiLineText({ error: M.required('Message') })
  .trim()
  .min(1, M.required('Message'))
  .max(MESSAGE_MAX_LENGTH, M.tooLong('Message', MESSAGE_MAX_LENGTH))
  .superRefine(noControlCharacters('Message', 'multi-line'));

/** `POST /api/contact-us` (SPEC §7): first name, last name, email, subject and message required; phone optional. */
export const contactRequestSchema = z.object({
  f_name: requiredLine('First name', 60),
  l_name: requiredLine('Last name', 60),
  email,
  phone: optionalPhone,
  subject: requiredLine('Subject', SUBJECT_MAX_LENGTH),
  message,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export type ContactRequestInput = z.input<typeof contactRequestSchema>;

/**
 * `POST /api/order-return` text fields (SPEC §7, multipart): the SPEC marks none required except the order id's
 * letters-and-digits rule; the store needs a way to answer, so email is required too, and the order id when
 * given must be letters and digits. The file (`file_path`) is checked separately (size and content).
 */
export const orderReturnRequestSchema = z.object({
  f_name: z
    .string()
    .trim()
    .max(60, M.tooLong('First name', 60))
    .superRefine(noControlCharacters('First name'))
    .default(''),
  l_name: z
    .string()
    .trim()
    .max(60, M.tooLong('Last name', 60))
    .superRefine(noControlCharacters('Last name'))
    .default(''),
  email,
  phone: optionalPhone,
  order_id: z
    .string()
    .trim()
    .max(64, M.tooLong('Order ID', 64))
    .regex(/^[A-Za-z0-9]*$/, M.orderId)
    .default(''),
  subject: z
    .string()
    .trim()
    .max(SUBJECT_MAX_LENGTH, M.tooLong('Subject', SUBJECT_MAX_LENGTH))
    .superRefine(noControlCharacters('Subject'))
    .default(''),
  message: multiLineText()
    .trim()
    .max(MESSAGE_MAX_LENGTH, M.tooLong('Message', MESSAGE_MAX_LENGTH))
    .superRefine(noControlCharacters('Message', 'multi-line'))
    .default(''),
});
export type OrderReturnRequest = z.infer<typeof orderReturnRequestSchema>;
export type OrderReturnRequestInput = z.input<typeof orderReturnRequestSchema>;

/** `{ message }`: both forms' success answer. */
export const customerServiceAnswerSchema = z.object({ message: z.string() });

/**
 * The browser's check of a chosen file (SPEC §5): size first ('File size exceeds 5MB'), then the name's
 * extension. Null when it may be sent; the server checks the content again.
 */
export function returnFileProblem(file: { name: string; size: number }): string | null {
  if (file.size > RETURN_FILE_MAX_BYTES) return M.fileTooLarge;
  if (file.size === 0) return M.fileEmpty;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return (RETURN_FILE_EXTENSIONS as readonly string[]).includes(extension) ? null : M.fileType;
}
