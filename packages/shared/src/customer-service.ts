/**
 * The customer-service forms (SPEC §2 /contact-us and /return-order, §3 Contact message, §5 Contact form and
 * Return form rules, §7 `/contact-us` and `/order-return`, §8 messages; issue 11). One schema per form, used
 * as the browser form's resolver and as the API's body schema.
 */
import { z } from 'zod';
import { normaliseOrderNumber } from './order-number';
import { returnLinesFieldSchema, returnReasonFieldSchema, SHOPPER_RETURN_MESSAGES } from './shopper-returns';
import { multiLineText, noControlCharacters } from './text-schemas';
import { optionalPhoneSchema } from './phone-schema';

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
  fileType: 'The file must be a PNG or JPEG image, a PDF or a plain text file',
  fileEmpty: 'The file is empty',
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  invalidEmail: 'Invalid email format',
  phone: 'Phone number must contain only numbers, spaces, brackets, dashes and a leading +',
  // Issue 37 §4: the part enquiry of a search that found nothing.
  partEnquirySent: (partNumber: string) =>
    `Thanks, we have your enquiry about ${partNumber}. We will reply by email within 24 hours.`,
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

/** The one phone rule (decision 0059), optional here. */
const optionalPhone = optionalPhoneSchema({ characters: M.phone });

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
 * `POST /api/order-return` text fields (SPEC §7, multipart; issue 37 §3, decision 0057). Two forms share it:
 * - **from an order** (`lines` given, a JSON list of `{ line_id, quantity }`): first name, last name, email and a
 *   `reason` are required, and the message when the reason is 'other'; the order id and email (or the member's
 *   bearer) must name the sender's order;
 * - **the free form** (no `lines`): first name, last name, email, subject and message are required, as on the
 *   contact form (SPEC §5): a request with only an email cannot be answered.
 * The order id is letters and digits (SPEC §5) or an order number as people write it (INV-001001). The file
 * (`file_path`) is checked separately (size and content).
 */
export const orderReturnRequestSchema = z
  .object({
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
      .refine((v) => /^[A-Za-z0-9]*$/.test(v) || normaliseOrderNumber(v) !== null, M.orderId)
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
    lines: returnLinesFieldSchema.default(null),
    reason: returnReasonFieldSchema,
  })
  .superRefine((r, ctx) => {
    const need = (field: keyof typeof r, label: string) => {
      if (r[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: M.required(label) });
    };
    need('f_name', 'First name');
    need('l_name', 'Last name');
    if (r.lines === null) {
      need('subject', 'Subject');
      need('message', 'Message');
      return;
    }
    if (r.order_id === '') need('order_id', 'Order ID');
    if (r.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: SHOPPER_RETURN_MESSAGES.reasonRequired });
    } else if (r.reason === 'other' && r.message === '') {
      ctx.addIssue({ code: 'custom', path: ['message'], message: SHOPPER_RETURN_MESSAGES.noteRequired });
    }
  });
export type OrderReturnRequest = z.infer<typeof orderReturnRequestSchema>;
export type OrderReturnRequestInput = z.input<typeof orderReturnRequestSchema>;

/** The query parameter a page gets back after a part enquiry sent without scripts: `part_enquiry=sent`. */
export const PART_ENQUIRY_SENT_PARAM = 'part_enquiry';

/** Longest part number or part description a part enquiry takes, characters. */
export const PART_ENQUIRY_PART_MAX_LENGTH = 120;
/** Longest vehicle description a part enquiry takes, characters. */
export const PART_ENQUIRY_VEHICLE_MAX_LENGTH = 160;

/**
 * `POST /api/part-enquiry` (issue 37 §4): a shopper whose search found nothing asks the store for the part. The
 * part (number or words), name and email are required; the vehicle, phone and message are optional (a part
 * number alone may be enough). `query` is what the shopper searched for, kept for the store ('' when none).
 * Stored with the contact messages (kind 'part_enquiry', decision 0058).
 */
export const partEnquiryRequestSchema = z.object({
  part_number: requiredLine('Part number or description', PART_ENQUIRY_PART_MAX_LENGTH),
  vehicle: z
    .string()
    .trim()
    .max(PART_ENQUIRY_VEHICLE_MAX_LENGTH, M.tooLong('Vehicle', PART_ENQUIRY_VEHICLE_MAX_LENGTH))
    .superRefine(noControlCharacters('Vehicle'))
    .default(''),
  name: requiredLine('Name', 120),
  email,
  phone: optionalPhone,
  message: multiLineText()
    .trim()
    .max(MESSAGE_MAX_LENGTH, M.tooLong('Message', MESSAGE_MAX_LENGTH))
    .superRefine(noControlCharacters('Message', 'multi-line'))
    .default(''),
  query: z
    .string()
    .trim()
    .max(100, M.tooLong('Search', 100))
    .superRefine(noControlCharacters('Search'))
    .default(''),
});
export type PartEnquiryRequest = z.infer<typeof partEnquiryRequestSchema>;
export type PartEnquiryRequestInput = z.input<typeof partEnquiryRequestSchema>;

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
