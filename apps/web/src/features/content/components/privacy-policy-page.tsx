import { CARRIER_NAMES } from '@store/shared/store-promises';
import { Link } from 'react-router';
import { useShownStoreName } from '../hooks/use-shown-store-name';
import { PolicyPage, PolicySection } from './policy-page';

/**
 * /privacy-and-policy (SPEC §1 static pages): how the store handles personal information under the
 * Australian Privacy Principles (Privacy Act 1988): what it collects (orders, accounts, contact and return
 * messages, newsletter consent with when and where it was given), why, who it shares it with, that Stripe
 * and PayPal handle card details (never stored by the store, DESIGN §5.1), how to unsubscribe, and how to
 * ask for access or correction through /contact-us.
 */
export function PrivacyPolicyPage() {
  const name = useShownStoreName();
  return (
    <PolicyPage
      title="Privacy Policy"
      description="How we collect, use and protect your personal information under the Australian Privacy Principles: orders, accounts, messages, newsletter, payments, and your right to access and correct it."
      lead={
        <>
          This policy explains how {name} collects, uses, shares and protects your personal information, in
          line with the Australian Privacy Principles in the <em>Privacy Act 1988</em> (Cth).
        </>
      }
    >
      <PolicySection title="What we collect">
        <ul>
          <li>
            <strong>Orders:</strong> your name, email, phone number, billing and delivery addresses (and
            company, if you give one), the items you buy, your order comment, and the payment method and
            status.
          </li>
          <li>
            <strong>Accounts:</strong> your name, email and phone number, your password (stored only as a
            one-way hash that nobody can read back), saved delivery addresses, optional business details and
            your order history.
          </li>
          <li>
            <strong>Contact and return messages:</strong> your name, email, phone number, order id, subject,
            message and any file you attach.
          </li>
          <li>
            <strong>Newsletter:</strong> your email address, and a record of your consent: when you gave it
            and where (which form on our site).
          </li>
          <li>
            <strong>Technical information:</strong> your IP address and the pages requested, kept in our
            server logs and used to stop repeated or abusive requests. Your cart is kept in your own browser,
            and so is your sign-in while you use the site.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Why we collect it">
        <ul>
          <li>To process, deliver and support your orders, and to issue tax invoices.</li>
          <li>To run your account, if you create one.</li>
          <li>To answer your messages and handle returns, refunds and complaints.</li>
          <li>To send our newsletter, only if you subscribed to it.</li>
          <li>To keep the store secure, prevent fraud and meet our legal obligations.</li>
        </ul>
        <p>We only collect what we need for these purposes, and we do not sell your personal information.</p>
      </PolicySection>

      <PolicySection title="Card payments">
        <p>
          Card payments are handled by <strong>Stripe</strong> and wallet payments by <strong>PayPal</strong>.
          You enter your card details into their secure forms: your card number, expiry date and security code
          never reach our servers and are <strong>never stored by us</strong>. We keep only the payment’s
          reference and status, to match it with your order and to give refunds.
        </p>
      </PolicySection>

      <PolicySection title="Who we share it with">
        <ul>
          <li>
            {/* The carriers we ship with (issue 34 §3: one list, the back office's). */}
            Couriers ({CARRIER_NAMES.join(', ')}): the name, address and phone number needed to deliver your
            order.
          </li>
          <li>Payment providers (Stripe, PayPal): what they need to take and refund payments.</li>
          <li>
            Service providers that host our store, send our email and suggest addresses while you type them at
            checkout, under contracts that protect your information.
          </li>
          <li>Government agencies, when the law requires it.</li>
        </ul>
        <p>
          Some of these providers, such as Stripe and PayPal, may store or process information outside
          Australia, including in the United States. We only use providers that protect personal information
          to a standard similar to the Australian Privacy Principles.
        </p>
      </PolicySection>

      <PolicySection title="Newsletter and how to unsubscribe">
        <p>
          We send our newsletter only to people who subscribed to it. Every newsletter has an unsubscribe
          link: one click takes you off the list. You can also <Link to="/contact-us">contact us</Link> and
          ask to be removed. Order and account emails (such as order confirmations and password reset codes)
          are part of the service and are sent whether or not you subscribe.
        </p>
      </PolicySection>

      <PolicySection title="How we protect and keep it">
        <p>
          Your information is stored on secured servers, sent over encrypted connections and available only to
          the people who need it to serve you. Our logs leave out personal details. We keep order and invoice
          records for as long as Australian tax law requires, and delete or de-identify information we no
          longer need.
        </p>
      </PolicySection>

      <PolicySection title="Access and correction">
        <p>
          You can ask to see the personal information we hold about you, and ask us to correct it. Members can
          update their profile and saved addresses at any time in My Account. For anything else,{' '}
          <Link to="/contact-us">contact us</Link>: we will confirm who you are, then answer within 30 days.
        </p>
      </PolicySection>

      <PolicySection title="Questions and complaints">
        <p>
          If you have a question or a complaint about how we handle your personal information,{' '}
          <Link to="/contact-us">contact us</Link>. If you are not satisfied with our answer, you can complain
          to the Office of the Australian Information Commissioner (OAIC) at{' '}
          <a href="https://www.oaic.gov.au" rel="noopener noreferrer">
            oaic.gov.au
          </a>
          .
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
