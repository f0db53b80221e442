import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactRequestSchema,
  CUSTOMER_SERVICE_MESSAGES,
  MESSAGE_MAX_LENGTH,
  type ContactRequest,
  type ContactRequestInput,
} from '@store/shared/customer-service';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toastSuccess } from '@/lib/toast-feedback';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/stores/session-store';
import { useContactUs } from '../api/contact-us';
import { memberPrefill } from '../member-prefill';
import { showSubmitFailure } from '../show-submit-failure';
import { useSingleSubmit } from '../use-single-submit';
import { MessageField } from './message-field';
import { PersonFields } from './person-fields';
import { ServicePage } from './service-page';

/**
 * /contact-us (SPEC §2 Tracking, returns, contact; §5 Contact form; §8 Contact): first name, last name,
 * email, phone (optional), subject and message, checked by the shared schema before sending. Success:
 * 'Form Submitted Successfully' and an empty form; failure: 'Error submitting form: {server message}'.
 * A signed-in member finds their name, email and phone filled in.
 */
export function ContactPage() {
  usePageTitle('Contact us');
  useMetaDescription(
    'Questions about a part, an order or a delivery? Send us a message and we respond within 24 hours.',
  );
  const session = useSession();
  const contact = useContactUs();
  const form = useForm<ContactRequestInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { ...memberPrefill(session?.user), subject: '', message: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, reset, setError, setFocus, control } = form;
  const { errors } = formState;
  const message = useWatch({ control, name: 'message' }) ?? '';
  // Registered in the order they show, so a failed submit focuses the first field with an error.
  const fields = {
    f_name: register('f_name'),
    l_name: register('l_name'),
    email: register('email'),
    phone: register('phone'),
    subject: register('subject'),
    message: register('message'),
  };

  const onSubmit = useSingleSubmit(
    handleSubmit(async (values) => {
      try {
        await contact.mutateAsync(values);
        toastSuccess(CUSTOMER_SERVICE_MESSAGES.contactSent);
        reset();
      } catch (error) {
        showSubmitFailure(error, (name) => Object.hasOwn(values, name), { setError, setFocus });
      }
    }),
  );

  return (
    <ServicePage
      title="Contact us"
      lead={
        <p>
          Questions about a part, an order or a delivery? Send us a message and we will respond within 24
          hours. Many answers are already in our <Link to="/faqs">FAQs</Link>.
        </p>
      }
    >
      <form className="service-form" noValidate onSubmit={onSubmit} aria-label="Contact us">
        <p className="service-form__note">Required fields are marked with an asterisk (*).</p>
        <div className="checkout-fields">
          <PersonFields fields={fields} errors={errors} namesRequired={true} />
          <TextField
            name="subject"
            label="Subject"
            required
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
            required
          />
        </div>
        <SubmitButton busy={formState.isSubmitting} label="Send Message" busyLabel="Submitting..." />
      </form>
    </ServicePage>
  );
}
