import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGE_MAX_LENGTH,
  orderReturnRequestSchema,
  RETURN_FILE_ACCEPT,
  RETURN_FILE_FIELD,
  returnFileProblem,
  type OrderReturnRequest,
  type OrderReturnRequestInput,
} from '@store/shared/customer-service';
import { normaliseOrderNumber } from '@store/shared/order-number';
import { PAGES } from '@store/shared/paths';
import type { ReturnableOrder } from '@store/shared/shopper-returns';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { useStorePromises } from '@/hooks/use-store-promises';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';
import { useOrderReturn } from '../api/order-return';
import { findReturnableOrder } from '../api/returnable-order';
import { memberPrefill } from '../member-prefill';
import { showSubmitFailure } from '../show-submit-failure';
import { useSingleSubmit } from '../use-single-submit';
import { MessageField } from './message-field';
import { PersonFields } from './person-fields';
import { ReturnLinesFields } from './return-lines-fields';
import { ServicePage } from './service-page';
import './return-order-page.css';

type ReturnFormInput = Omit<OrderReturnRequestInput, 'lines'> & { [RETURN_FILE_FIELD]?: FileList | null };
type ReturnFormValues = OrderReturnRequest & { [RETURN_FILE_FIELD]: File | null };
/** The resolver's context: the lines chosen, as the `lines` field sends them ('' on the free form). */
type ReturnFormContext = { lines: string };

const textResolver = zodResolver(orderReturnRequestSchema);

/**
 * The shared schema checks the text fields with the chosen lines (context) and `returnFileProblem` the chosen file
 * (SPEC §5: 'File size exceeds 5MB', png/jpg/jpeg/pdf/txt), so a request that would be refused is named before
 * anything is sent.
 */
const returnFormResolver: Resolver<ReturnFormInput, ReturnFormContext, ReturnFormValues> = async (
  { [RETURN_FILE_FIELD]: files, ...text },
  context,
  options,
) => {
  const checked = await textResolver({ ...text, lines: context?.lines ?? '' }, context, {
    ...options,
    names: options.names?.filter((n) => n !== RETURN_FILE_FIELD),
  });
  const file = files?.[0] ?? null;
  const problem = file ? returnFileProblem(file) : null;
  const errors: FieldErrors<ReturnFormInput> & { lines?: { type: string; message?: string } } = {
    ...checked.errors,
  };
  if (problem) errors[RETURN_FILE_FIELD] = { type: 'file', message: problem };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...(checked.values as OrderReturnRequest), [RETURN_FILE_FIELD]: file }, errors: {} };
};

/** An order id worth looking up: a public id or an order number as people type it. */
function lookupWorthy(id: string): boolean {
  const t = id.trim();
  return /^[A-Za-z0-9]{16,64}$/.test(t) || normaliseOrderNumber(t) !== null;
}

/** What the order page's "Return items" link hands over: the email the order was found with (never in the URL). */
export interface ReturnOrderLinkState {
  email?: string;
}

/**
 * /return-order (SPEC §2, §5 Return form, §8 Return; issue 37 §3). The SPEC's fields (first name, last name, email,
 * phone, order id, a photo or document, subject and message) as multipart/form-data. When the order id and email
 * (or a member's own order) identify an order, the form becomes the order's: its contact details filled in, its
 * lines with how many to return, a reason, and the policy's terms. Success goes to the confirmation page with the
 * request's number; failure names the fields and toasts 'Error submitting form: {server message}'.
 * `?order_id=` fills in the order id (the order pages' link, with the email in the link's state).
 */
export function ReturnOrderPage() {
  usePageTitle('Return an order');
  useMetaDescription(
    'Return items from an order: choose the items, the reason and add a photo. We reply within 24 hours.',
  );
  const session = useSession();
  const [params] = useSearchParams();
  const handedEmail = (useLocation().state as ReturnOrderLinkState | null)?.email ?? '';
  const navigate = useNavigate();
  const promises = useStorePromises();
  const orderReturn = useOrderReturn();
  const [order, setOrder] = useState<ReturnableOrder | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [lookupNote, setLookupNote] = useState('');
  const chosen = order
    ? order.lines
        .filter((l) => (quantities[l.line_id] ?? 0) > 0)
        .map((l) => ({ line_id: l.line_id, quantity: quantities[l.line_id] ?? 0 }))
    : [];
  const prefill = memberPrefill(session?.user);
  const form = useForm<ReturnFormInput, ReturnFormContext, ReturnFormValues>({
    resolver: returnFormResolver,
    context: { lines: order ? JSON.stringify(chosen) : '' },
    defaultValues: {
      ...prefill,
      email: handedEmail || prefill.email,
      order_id: params.get('order_id')?.trim() ?? '',
      subject: '',
      message: '',
      reason: '',
    },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, setFocus, trigger, control, getValues, setValue } =
    form;
  const { errors } = formState;
  const message = useWatch({ control, name: 'message' }) ?? '';
  const reason = useWatch({ control, name: 'reason' }) ?? '';
  const lookedUp = useRef('');

  /** Looks the order up when the id and email (or the member's session) can name one; once per pair. */
  async function lookUp() {
    const id = getValues('order_id')?.trim() ?? '';
    const email = getValues('email')?.trim() ?? '';
    if (!lookupWorthy(id) || (!email && !session)) return;
    const key = `${id}\n${email.toLowerCase()}`;
    if (lookedUp.current === key) return;
    lookedUp.current = key;
    try {
      const found = await findReturnableOrder({ id, email });
      // The order's details fill what is still empty; what the shopper typed stays.
      for (const field of ['f_name', 'l_name', 'email', 'phone'] as const) {
        if (!getValues(field)?.trim()) setValue(field, found[field]);
      }
      // The number people read on their order, rather than the link's id; the same order for the server.
      setValue('order_id', found.invoice_number);
      lookedUp.current = `${found.invoice_number}\n${email.toLowerCase()}`;
      setOrder(found);
      setLookupNote(`Order ${found.invoice_number} found. Choose the items to return.`);
    } catch (error) {
      setOrder(null);
      setLookupNote(
        error instanceof ApiError && error.status === 404
          ? 'No order with this order id and email: check both, or describe the return below.'
          : '',
      );
    }
  }

  useEffect(() => {
    void lookUp();
    // Once, as the page opens with an order id from an order page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Registered in the order they show, so a failed submit focuses the first field with an error.
  const fields = {
    f_name: register('f_name'),
    l_name: register('l_name'),
    email: register('email', { onBlur: () => void lookUp() }),
    phone: register('phone'),
    order_id: register('order_id', { onBlur: () => void lookUp() }),
    reason: register('reason'),
    file: register(RETURN_FILE_FIELD),
    subject: register('subject'),
    message: register('message'),
  };

  const onSubmit = useSingleSubmit(
    handleSubmit(async ({ [RETURN_FILE_FIELD]: file, ...text }) => {
      const sent = {
        f_name: text.f_name,
        l_name: text.l_name,
        email: text.email,
        phone: text.phone,
        order_id: text.order_id,
        subject: text.subject,
        message: text.message,
        lines: order ? JSON.stringify(chosen) : '',
        reason: order ? text.reason : '',
      };
      try {
        const answer = await orderReturn.mutateAsync({ fields: sent, file });
        await navigate(PAGES.returnSent.path, { state: answer });
      } catch (error) {
        showSubmitFailure(
          error,
          (name) => name === RETURN_FILE_FIELD || name === 'lines' || Object.hasOwn(sent, name),
          { setError, setFocus },
        );
      }
    }),
  );
  const linesError = (errors as { lines?: { message?: string } }).lines?.message;

  return (
    <ServicePage
      title="Return an order"
      lead={
        <p>
          Give your order id and the email you ordered with, choose the items and tell us why. We reply by
          email within 24 hours with what to do next. Our <Link to="/return-policy">return policy</Link> has
          the details.
        </p>
      }
    >
      <form className="service-form" noValidate onSubmit={onSubmit} aria-label="Return an order">
        <div className="checkout-fields">
          <PersonFields fields={fields} errors={errors} namesRequired />
          <TextField
            name="order_id"
            label="Order ID"
            required={order !== null}
            hint="Your order number (such as INV-001001) or the order id in your confirmation."
            message={errorOf(errors.order_id)}
            layout="order_id"
          >
            {(aria) => (
              <input
                {...aria}
                {...fields.order_id}
                className="checkout-input"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
          </TextField>
        </div>
        <p className="return-form__found" role="status">
          {lookupNote}
        </p>
        {order && (
          <ReturnLinesFields
            order={order}
            quantities={quantities}
            onQuantity={(lineId, n) => setQuantities((q) => ({ ...q, [lineId]: n }))}
            reason={fields.reason}
            chosenReason={reason}
            linesError={linesError}
            reasonError={errors.reason?.message}
            promises={promises}
          />
        )}
        <div className="checkout-fields">
          <TextField
            name={RETURN_FILE_FIELD}
            label="Photo or document"
            required={false}
            hint="PNG, JPG, PDF or TXT, up to 5 MB."
            message={errorOf(errors[RETURN_FILE_FIELD])}
            layout="file"
          >
            {(aria) => (
              <input
                {...aria}
                {...fields.file}
                onChange={async (event) => {
                  await fields.file.onChange(event);
                  // Named at once, not on blur: a file dialog leaves focus where it was.
                  await trigger(RETURN_FILE_FIELD);
                }}
                className="checkout-input service-form__file"
                type="file"
                accept={RETURN_FILE_ACCEPT}
              />
            )}
          </TextField>
          {!order && (
            <TextField
              name="subject"
              label="Subject"
              required
              message={errorOf(errors.subject)}
              layout="subject"
            >
              {(aria) => <input {...aria} {...fields.subject} className="checkout-input" />}
            </TextField>
          )}
          <MessageField
            registration={fields.message}
            error={errors.message}
            length={message.length}
            max={MESSAGE_MAX_LENGTH}
            required={!order || reason === 'other'}
          />
        </div>
        <SubmitButton busy={formState.isSubmitting} label="Send Return Request" busyLabel="Submitting..." />
      </form>
    </ServicePage>
  );
}
