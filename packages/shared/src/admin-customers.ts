/**
 * The back office's customers, contact messages and newsletter subscribers on the wire (issue 12): list queries,
 * rows and details. Customers and subscribers are for admins only; messages for staff and admins. One source for
 * the admin screens and the API. Money on the wire is a decimal string in dollars; dates are ISO 8601.
 */
import { z } from 'zod';
import { auditEntrySchema } from './admin';
import { searchText } from './text-schemas';

export const ADMIN_CUSTOMER_MESSAGES = {
  customerNotFound: 'No customer with this id.',
  messageNotFound: 'No contact message with this id.',
  handledRequired: 'handled must be true or false.',
  markedHandled: (id: number) => `Message #${id} marked handled.`,
  markedNotHandled: (id: number) => `Message #${id} marked not handled.`,
  // Issue 34 §4: membership plans held per customer.
  planNotFound: 'No membership plan with this id.',
  planInactive: 'This membership plan is switched off, so it cannot be granted.',
  planGranted: (plan: string) => `${plan} granted: it is offered at this customer's checkout from now on.`,
  planAlreadyHeld: (plan: string) => `This customer already holds ${plan}.`,
  planRemoved: (plan: string) =>
    `${plan} removed: it is no longer offered at this customer's checkout (orders already placed keep it).`,
  planNotHeld: (plan: string) => `This customer does not hold ${plan}.`,
} as const;

const page = z.coerce.number().int('page must be a whole number').min(1).max(1_000_000).default(1);
const perPage = z.coerce.number().int('per_page must be a whole number').min(1).max(100).default(20);

export const CUSTOMER_SORTS = ['name', 'created_at', 'orders', 'spent'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** `GET /api/admin/customers` query. */
export const adminCustomerListQuerySchema = z.object({
  page,
  per_page: perPage,
  sort: z
    .enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(', ')}` })
    .default('created_at'),
  direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc' }).default('desc'),
  /** Name or email. */
  q: searchText().trim().max(100, 'q must be 100 characters or fewer').optional(),
});
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuerySchema>;

export const adminCustomerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** When they signed up. */
  created_at: z.string(),
  orders_count: z.number().int(),
  /** Dollars paid on their orders less what was refunded, e.g. '140.80'. */
  total_spent: z.string(),
  last_order_at: z.string().nullable(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRowSchema>;

export const adminCustomerListSchema = z.object({
  data: z.array(adminCustomerRowSchema),
  total: z.number().int(),
});

/**
 * A membership plan on the customer page (issue 34 §4): every active membership plan, and any plan the customer
 * holds that has since been switched off (held but not offered).
 */
export const adminCustomerPlanSchema = z.object({
  id: z.number().int(),
  plan_name: z.string(),
  discount_percentage: z.number(),
  /** Offered to its holders at checkout; a switched-off plan is offered to no one. */
  active: z.boolean(),
  held: z.boolean(),
  /** When it was granted (ISO 8601), and by whom (a staff name, 'Command line'), while held. */
  granted_at: z.string().nullable(),
  granted_by: z.string().nullable(),
});
export type AdminCustomerPlan = z.infer<typeof adminCustomerPlanSchema>;

/** `GET /api/admin/customers/{id}`: the member, their plans, saved addresses and orders (newest first). */
export const adminCustomerDetailSchema = adminCustomerRowSchema.extend({
  membership_plans: z.array(adminCustomerPlanSchema),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** One line: street, city, state and post code. */
      address: z.string(),
      phone: z.string(),
      address_type: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      public_id: z.string(),
      invoice_number: z.string(),
      created_at: z.string(),
      total: z.string(),
      payment_status: z.string(),
      status: z.string(),
    }),
  ),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

/** `GET /api/admin/customers/{id}` answer: the customer and the trail of changes made to them (newest first). */
export const adminCustomerAnswerSchema = z.object({
  data: adminCustomerDetailSchema,
  audit: z.array(auditEntrySchema),
});
export type AdminCustomerAnswer = z.infer<typeof adminCustomerAnswerSchema>;

/**
 * `PUT` (grant) and `DELETE` (remove) `/api/admin/customers/{id}/membership-plans/{planId}` answer: what happened,
 * and the customer and trail as they are now. Repeating either changes nothing and says so.
 */
export const adminCustomerPlanChangeSchema = adminCustomerAnswerSchema.extend({ message: z.string() });

export const MESSAGE_FILTERS = ['unhandled', 'handled'] as const;

/** `GET /api/admin/messages` query: newest first; all by default. */
export const adminMessageListQuerySchema = z.object({
  page,
  per_page: perPage,
  status: z.enum(MESSAGE_FILTERS, { error: 'status must be unhandled or handled' }).optional(),
});
export type AdminMessageListQuery = z.infer<typeof adminMessageListQuerySchema>;

/** What a message of the back office's list is (issue 37 §4): from the contact form, or a part enquiry. */
export const CONTACT_MESSAGE_KINDS = ['contact', 'part_enquiry'] as const;
export type ContactMessageKind = (typeof CONTACT_MESSAGE_KINDS)[number];

export const adminMessageRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  /** Sent by a signed-in member. */
  member: z.boolean(),
  handled_at: z.string().nullable(),
  /** The staff member who marked it handled. */
  handled_by: z.string().nullable(),
  kind: z.enum(CONTACT_MESSAGE_KINDS),
  /** A part enquiry's part number or description, vehicle and search; null for a contact message. */
  part_number: z.string().nullable(),
  vehicle: z.string().nullable(),
  search_query: z.string().nullable(),
});
export type AdminMessageRow = z.infer<typeof adminMessageRowSchema>;

export const adminMessageListSchema = z.object({
  data: z.array(adminMessageRowSchema),
  total: z.number().int(),
});

/** `POST /api/admin/messages/{id}/handled`. */
export const adminMessageHandledSchema = z.object({
  handled: z.boolean({ error: ADMIN_CUSTOMER_MESSAGES.handledRequired }),
});
export type AdminMessageHandled = z.infer<typeof adminMessageHandledSchema>;

export const SUBSCRIBER_FILTERS = ['active', 'unsubscribed', 'all'] as const;
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number];

/** `GET /api/admin/subscribers` query: newest consent first; active ones by default. */
export const adminSubscriberListQuerySchema = z.object({
  page,
  per_page: perPage,
  status: z
    .enum(SUBSCRIBER_FILTERS, { error: `status must be one of ${SUBSCRIBER_FILTERS.join(', ')}` })
    .default('active'),
});
export type AdminSubscriberListQuery = z.infer<typeof adminSubscriberListQuerySchema>;

export const adminSubscriberRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  consent_at: z.string(),
  /** Where consent was given, e.g. 'form on /cart'. */
  consent_source: z.string(),
  unsubscribed_at: z.string().nullable(),
});
export type AdminSubscriberRow = z.infer<typeof adminSubscriberRowSchema>;

export const adminSubscriberListSchema = z.object({
  data: z.array(adminSubscriberRowSchema),
  total: z.number().int(),
});

/** The CSV export's columns, in order. */
export const SUBSCRIBER_CSV_COLUMNS = ['email', 'consent_at', 'consent_source'] as const;

/** The export's file name for a Sydney calendar day, e.g. 'subscribers-2026-11-25.csv'. */
export function subscribersCsvFileName(day: string): string {
  return `subscribers-${day}.csv`;
}
