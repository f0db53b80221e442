import { zodResolver } from '@hookform/resolvers/zod';
import {
  CUSTOMER_SERVICE_MESSAGES,
  MESSAGE_MAX_LENGTH,
  PART_ENQUIRY_PART_MAX_LENGTH,
  PART_ENQUIRY_VEHICLE_MAX_LENGTH,
  partEnquiryRequestSchema,
  type PartEnquiryRequest,
  type PartEnquiryRequestInput,
} from '@store/shared/customer-service';
import { useState } from 'react';
import { useServerHtml } from '@/lib/use-server-html';
import { useForm, useWatch } from 'react-hook-form';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { EmailField } from '@/components/form/email-field';
import { TextField } from '@/components/form/text-field';
import { useSession } from '@/stores/session-store';
import { PART_ENQUIRY_ACTION, usePartEnquiry } from '../api/part-enquiry';
import { memberPrefill } from '../member-prefill';
import { showSubmitFailure } from '../show-submit-failure';
import { useSingleSubmit } from '../use-single-submit';
import { MessageField } from './message-field';
import './service-page.css';
import './part-enquiry-form.css';

export interface PartEnquiryFormProps {
  /** What the shopper searched for: the part field starts with it, and the store sees it. */
  query: string;
  /** The shopper's vehicle as a label ("2018 Toyota HiLux SR5 …"), '' when none is chosen. */
  vehicle: string;
  /** The page's own address, where a form sent without scripts comes back to. */
  returnTo: string;
  /** The store's answer when the form was sent without scripts (the page came back with `part_enquiry=sent`). */
  sentWithoutScripts: boolean;
}

/**
 * The part enquiry of a search that found nothing (issue 37 §4): part number or description, vehicle, name,
 * email, phone (optional) and a message, checked by the shared schema and sent to the store like a contact message.
 * A real form posting to the API, so it also works before the scripts run (the API sends the browser back here with
 * `part_enquiry=sent`); once they run, the browser's own checks give way to the schema's messages.
 */
export function PartEnquiryForm({ query, vehicle, returnTo, sentWithoutScripts }: PartEnquiryFormProps) {
  const session = useSession();
  const enquiry = usePartEnquiry();
  const [sent, setSent] = useState<string | null>(null);
  // False in the server's HTML and while hydrating, true once the scripts run: the schema's checks take over then.
  const hydrated = !useServerHtml();
  const prefill = memberPrefill(session?.user);
  const form = useForm<PartEnquiryRequestInput, unknown, PartEnquiryRequest>({
    resolver: zodResolver(partEnquiryRequestSchema),
    defaultValues: {
      part_number: query,
      vehicle,
      name: [prefill.f_name, prefill.l_name].filter(Boolean).join(' '),
      email: prefill.email,
      phone: prefill.phone,
      message: '',
      query,
    },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, setFocus, control } = form;
  const { errors } = formState;
  const message = useWatch({ control, name: 'message' }) ?? '';
  const fields = {
    part_number: register('part_number'),
    vehicle: register('vehicle'),
    name: register('name'),
    email: register('email'),
    phone: register('phone'),
    message: register('message'),
  };

  const onSubmit = useSingleSubmit(
    handleSubmit(async (values) => {
      try {
        const answer = await enquiry.mutateAsync(values);
        setSent(answer.message);
      } catch (error) {
        showSubmitFailure(error, (name) => Object.hasOwn(values, name), { setError, setFocus });
      }
    }),
  );

  const done = sent ?? (sentWithoutScripts ? CUSTOMER_SERVICE_MESSAGES.partEnquirySent('the part') : null);
  return (
    <section className="part-enquiry" id="part-enquiry" aria-labelledby="part-enquiry-title">
      <h2 id="part-enquiry-title" className="part-enquiry__title">
        Ask us for this part
      </h2>
      <div role="status">{done ? <p className="part-enquiry__sent">{done}</p> : null}</div>
      {done ? null : (
        <>
          <p className="part-enquiry__lead">
            Not everything we can get is online. Tell us the part and your vehicle and we will reply by email
            within 24 hours with price and availability.
          </p>
          <form
            className="service-form"
            method="post"
            action={PART_ENQUIRY_ACTION}
            noValidate={hydrated}
            onSubmit={onSubmit}
            aria-label="Part enquiry"
          >
            <input type="hidden" name="return_to" value={returnTo} />
            <input type="hidden" {...register('query')} />
            <p className="service-form__note">Required fields are marked with an asterisk (*).</p>
            <div className="checkout-fields">
              <TextField
                name="part_number"
                label="Part number or description"
                required
                message={errorOf(errors.part_number)}
                layout="part_number"
              >
                {(aria) => (
                  <input
                    {...aria}
                    {...fields.part_number}
                    className="checkout-input"
                    required
                    maxLength={PART_ENQUIRY_PART_MAX_LENGTH}
                    autoCapitalize="characters"
                  />
                )}
              </TextField>
              <TextField
                name="vehicle"
                label="Vehicle"
                hint="Year, make, model and engine, e.g. 2018 Toyota HiLux 2.8 TD"
                required={false}
                message={errorOf(errors.vehicle)}
                layout="vehicle"
              >
                {(aria) => (
                  <input
                    {...aria}
                    {...fields.vehicle}
                    className="checkout-input"
                    maxLength={PART_ENQUIRY_VEHICLE_MAX_LENGTH}
                  />
                )}
              </TextField>
              <TextField name="name" label="Name" required message={errorOf(errors.name)} layout="name">
                {(aria) => (
                  <input
                    {...aria}
                    {...fields.name}
                    className="checkout-input"
                    required
                    autoComplete="name"
                    autoCapitalize="words"
                  />
                )}
              </TextField>
              <EmailField registration={fields.email} error={errors.email} />
              <TextField
                name="phone"
                label="Phone"
                required={false}
                message={errorOf(errors.phone)}
                layout="phone"
              >
                {(aria) => (
                  <input
                    {...aria}
                    {...fields.phone}
                    className="checkout-input"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                  />
                )}
              </TextField>
              <MessageField
                registration={fields.message}
                error={errors.message}
                length={message.length}
                max={MESSAGE_MAX_LENGTH}
                required={false}
              />
            </div>
            <SubmitButton busy={formState.isSubmitting} label="Send enquiry" busyLabel="Submitting..." />
          </form>
        </>
      )}
    </section>
  );
}
