import type { StoreConfig } from '@store/shared/store-settings';
import { Link } from 'react-router';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { storeName } from '@/hooks/use-store-head';
import { phoneHref } from '@/lib/phone-href';
import { CONSUMER_GUARANTEE_TEXT } from '@/lib/consumer-guarantee-text';
import { PolicyFacts, PolicyPage, PolicySection, type PolicyFact } from './policy-page';

/**
 * /warranty (issue 18 §4, decision 0037): the warranty against defects behind the home page's "Premium warranty,
 * up to 2 years", as regulation 90 of the Competition and Consumer Regulations 2010 requires of one: the
 * prescribed text word for word, what we do and what the shopper does to claim, who gives it (the store's name,
 * address, phone and email from its settings), the period a defect must appear in, how to claim, who pays for
 * claiming, and that its benefits are in addition to the shopper's other rights.
 */
export function WarrantyPage() {
  const config = useStoreConfig();
  const contact = config.data?.business_contact;
  const name = config.isPending ? 'our store' : storeName(config.data);
  return (
    <PolicyPage
      title="Warranty Against Defects"
      description="Our premium warranty of up to 2 years: a part that develops a defect within its warranty period is repaired, replaced or refunded. How to claim, and your rights under the Australian Consumer Law."
      lead="Many of our parts carry a premium warranty of up to 2 years. Here is what it covers, how to claim, and the rights you have under the Australian Consumer Law whatever a warranty says."
    >
      <PolicySection title="Your rights under the Australian Consumer Law">
        <p className="content-note">{CONSUMER_GUARANTEE_TEXT}</p>
        <p>
          <strong>
            The benefits given to you by this warranty are in addition to other rights and remedies you have
            under a law in relation to the goods
          </strong>
          , including the consumer guarantees above. Nothing in this warranty, or in our{' '}
          <Link to="/return-policy">return policy</Link>, limits them.
        </p>
      </PolicySection>

      <PolicySection title="Who gives this warranty">
        <p>This warranty is given by {name}. You can reach us at:</p>
        {config.isPending ? (
          <p aria-busy="true">Loading our contact details…</p>
        ) : (
          <PolicyFacts facts={warrantorFacts(name, contact)} />
        )}
      </PolicySection>

      <PolicySection title="What we will do">
        <p>
          If a product you bought from us develops a defect in its materials or workmanship within its
          warranty period, we will, at our choice, <strong>repair it, replace it</strong> with the same or an
          equivalent product, <strong>or refund</strong> the price you paid for it. A repaired or replacement
          product is covered for the rest of the original warranty period.
        </p>
      </PolicySection>

      <PolicySection title="Warranty period">
        <p>
          The defect must appear within the product’s warranty period, counted from the day the product is
          delivered to you:
        </p>
        <ul>
          <li>
            the period stated on the product’s page (for example, a 24-month warranty on many of our
            batteries), <strong>up to 2 years</strong>;
          </li>
          <li>
            <strong>12 months</strong> for a product whose page states no warranty period.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="What you need to do">
        <ul>
          <li>Tell us within the warranty period, and as soon as you can after you notice the defect.</li>
          <li>
            Give us your order id, or other proof of purchase such as your order confirmation email or your
            invoice.
          </li>
          <li>Describe the defect, with a photo or a document if you have one.</li>
          <li>
            If we ask for it, send the product back to us; we tell you where and pay for it (see below).
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="How to claim">
        <ol>
          <li>
            Fill in the <Link to="/return-order">return form</Link> with the subject ‘Warranty claim’
            {contact?.email ? (
              <>
                , or email us at <EmailLink email={contact.email} />
              </>
            ) : null}
            {contact?.phone ? (
              <>
                {' '}
                or call us on <PhoneLink phone={contact.phone} />
              </>
            ) : null}
            .
          </li>
          <li>
            We reply within 24 hours with what happens next. If we need to see the product, we send you a
            return address and a prepaid label.
          </li>
          <li>
            We assess the product within 5 business days of receiving it and tell you what we found. For a
            defect covered by this warranty we then repair, replace or refund it; a refund goes to your
            original payment method within 5 business days.
          </li>
        </ol>
      </PolicySection>

      <PolicySection title="Costs of claiming">
        <p>
          <strong>We pay the reasonable costs of claiming under this warranty</strong>: sending the product
          back to us (a prepaid label, or we refund your postage) and sending a repaired or replacement
          product to you. If we find no defect, we tell you why and send the product back at our cost.
        </p>
      </PolicySection>

      <PolicySection title="What this warranty does not cover">
        <ul>
          <li>
            Normal wear of parts that wear in use, such as brake pads, wiper blades and globes at the end of
            their rated life.
          </li>
          <li>
            Damage from an accident, misuse, incorrect fitting, fitting to a vehicle the part does not suit,
            or modification.
          </li>
          <li>Use in motor sport or racing.</li>
        </ul>
        <p>
          These limits apply to this warranty only. They do not limit your rights under the Australian
          Consumer Law.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}

/** The warrantor's details as configured: every one the store has set (regulation 90 asks for all four). */
function warrantorFacts(name: string, contact: StoreConfig['business_contact'] | undefined): PolicyFact[] {
  const facts: PolicyFact[] = [{ term: 'Business name', detail: name }];
  if (contact?.address) facts.push({ term: 'Business address', detail: contact.address });
  if (contact?.phone) facts.push({ term: 'Phone', detail: <PhoneLink phone={contact.phone} /> });
  if (contact?.email) {
    facts.push({ term: 'Email', detail: <EmailLink email={contact.email} /> });
  }
  facts.push({ term: 'Online', detail: <Link to="/return-order">Return form</Link> });
  return facts;
}

/** The phone number as printed, as a link that dials it when it can be dialled. */
function PhoneLink({ phone }: { phone: string }) {
  const href = phoneHref(phone);
  return href ? <a href={href}>{phone}</a> : <>{phone}</>;
}

/** The email address as a link to write to it; on a narrow screen it may break after the @. */
function EmailLink({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <a href={`mailto:${email}`}>
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </a>
  );
}
