import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { useId, useState, type FormEvent } from 'react';
import { useSubscribe } from '../api/subscribe';

/**
 * The footer's newsletter sign-up (SPEC §2 Footer, §5: email required). The button reads 'Subscribing...'
 * while the request is in flight; the outcome is a toast (the library loads on first use, off the first page).
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscription = useSubscribe();
  const inputId = useId();
  const headingId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address || subscription.isPending) return;
    subscription.mutate(address, {
      onSuccess: () => {
        setEmail('');
        void import('react-toastify').then(({ toast }) => toast.success(NEWSLETTER_MESSAGES.success));
      },
      onError: () => {
        void import('react-toastify').then(({ toast }) => toast.error(NEWSLETTER_MESSAGES.failure));
      },
    });
  }

  return (
    <section className="newsletter" aria-labelledby={headingId}>
      <div className="newsletter__text">
        <h2 id={headingId} className="newsletter__title">
          Subscribe to our newsletter
        </h2>
        <p>Get 10% off your first order, plus new arrivals and members-only deals.</p>
      </div>
      <form className="newsletter__form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Email address
        </label>
        <input
          id={inputId}
          className="newsletter__input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email address"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button newsletter__button" disabled={subscription.isPending}>
          {subscription.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </form>
    </section>
  );
}
