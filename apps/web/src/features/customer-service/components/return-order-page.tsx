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
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toastSuccess } from '@/lib/toast-feedback';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/stores/session-store';
import { useOrderReturn } from '../api/order-return';
import { memberPrefill } from '../member-prefill';
import { showSubmitFailure } from '../show-submit-failure';
import { useSingleSubmit } from '../use-single-submit';
import { MessageField } from './message-field';
import { PersonFields } from './person-fields';
import { ServicePage } from './service-page';

type ReturnFormInput = OrderReturnRequestInput & { [RETURN_FILE_FIELD]?: FileList | null };
type ReturnFormValues = OrderReturnRequest & { [RETURN_FILE_FIELD]: File | null };

const textResolver = zodResolver(orderReturnRequestSchema);

/**
 * The shared schema checks the text fields and `returnFileProblem` the chosen file (SPEC §5: 'File size
 * exceeds 5MB', png/jpg/jpeg/pdf/txt), so a file that would be refused is named before anything is sent.
 */
const returnFormResolver: Resolver<ReturnFormInput, unknown, ReturnFormValues> = async (
  { [RETURN_FILE_FIELD]: files, ...text },
  context,
  options,
) => {
  const checked = await textResolver(text, context, {
    ...options,
    names: options.names?.filter((n) => n !== RETURN_FILE_FIELD),
  });
  const file = files?.[0] ?? null;
  const problem = file ? returnFileProblem(file) : null;
  const errors: FieldErrors<ReturnFormInput> = { ...checked.errors };
  if (problem) errors[RETURN_FILE_FIELD] = { type: 'file', message: problem };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...(checked.values as OrderReturnRequest), [RETURN_FILE_FIELD]: file }, errors: {} };
};

/**
 * /return-order (SPEC §2, §5 Return form, §8 Return): first name, last name, email, phone, order id, a
 * photo or document, subject and message, sent as multipart/form-data. Success shows the server's message
 * and empties the form; failure 'Error submitting form: {server message}', or 'No response from server.'.
 * `?order_id=` fills in the order id; a signed-in member finds their name, email and phone filled in, and
 * their bearer lets the server tie the return to their order.
 */
export function ReturnOrderPage() {
  usePageTitle('Return an order');
  useMetaDescription(
    'Return an order: tell us what is wrong and attach a photo or receipt (PNG, JPG, PDF or TXT, up to 5 MB). We reply within 24 hours.',
  );
  const session = useSession();
  const [params] = useSearchParams();
  const orderReturn = useOrderReturn();
  const form = useForm<ReturnFormInput, unknown, ReturnFormValues>({
    resolver: returnFormResolver,
    defaultValues: {
      ...memberPrefill(session?.user),
      order_id: params.get('order_id')?.trim() ?? '',
      subject: '',
      message: '',
    },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, reset, setError, setFocus, trigger, control } = form;
  const { errors } = formState;
  const message = useWatch({ control, name: 'message' }) ?? '';
  // Registered in the order they show, so a failed submit focuses the first field with an error.
  const fields = {
    f_name: register('f_name'),
    l_name: register('l_name'),
    email: register('email'),
    phone: register('phone'),
    order_id: register('order_id'),
    file: register(RETURN_FILE_FIELD),
    subject: register('subject'),
    message: register('message'),
  };

  const onSubmit = useSingleSubmit(
    handleSubmit(async ({ [RETURN_FILE_FIELD]: file, ...text }) => {
      try {
        const answer = await orderReturn.mutateAsync({ fields: text, file });
        toastSuccess(answer.message);
        reset();
      } catch (error) {
        showSubmitFailure(error, (name) => name === RETURN_FILE_FIELD || Object.hasOwn(text, name), {
          setError,
          setFocus,
        });
      }
    }),
  );

  return (
    <ServicePage
      title="Return an order"
      lead={
        <p>
          Tell us which order and what is wrong, and attach a photo of the part or your receipt if you can. We
          reply by email within 24 hours with what to do next. Our{' '}
          <Link to="/return-policy">return policy</Link> has the details.
        </p>
      }
    >
      <form className="service-form" noValidate onSubmit={onSubmit} aria-label="Return an order">
        <p className="service-form__note">
          We need your email to answer; everything else helps us find your order faster.
        </p>
        <div className="checkout-fields">
          <PersonFields fields={fields} errors={errors} namesRequired={false} />
          <TextField
            name="order_id"
            label="Order ID"
            required={false}
            hint="Letters and numbers, as in your order confirmation."
            message={errorOf(errors.order_id)}
            layout="order_id"
          >
            {(aria) => (
              <input
                {...aria}
                {...fields.order_id}
                className="checkout-input"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
              />
            )}
          </TextField>
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
          <TextField
            name="subject"
            label="Subject"
            required={false}
            message={errorOf(errors.subject)}
            layout="subject"
          >
            {(aria) => <input {...aria} {...fields.subject} className="checkout-input" />}
          </TextField>
          <MessageField
            registration={fields.message}
            error={errors.message}
            length={message.length}
            max={MESSAGE_MAX_LENGTH}
            required={false}
          />
        </div>
        <SubmitButton busy={formState.isSubmitting} label="Send Return Request" busyLabel="Submitting..." />
      </form>
    </ServicePage>
  );
}
