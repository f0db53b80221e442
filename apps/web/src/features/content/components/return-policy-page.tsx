import { REFUND_TIME, returnsSentence, returnWindowText } from '@store/shared/store-promises';
import { Link } from 'react-router';
import {
  CONSUMER_GUARANTEE_TEXT,
  FAULTY_GOODS_COVERED,
  GUARANTEES_NOT_LIMITED,
  WARRANTY_PATH,
} from '@/lib/consumer-guarantee-text';
import { useStorePromises } from '@/hooks/use-store-promises';
import { PolicyFacts, PolicyPage, PolicySection } from './policy-page';

/**
 * /return-policy (SPEC §9 Returns: within 30 days of delivery for a full refund; damaged or faulty items
 * reported within 24 to 48 hours; refund within 5 business days to the original payment method; no
 * restocking fee; order changes or cancellation within 24 hours), kept as the SPEC states them. DESIGN §7 and
 * issue 18 §4 (decision 0037): no policy text limits the consumer guarantees, so the page says so first, says a
 * faulty item is covered for a reasonable time whatever its windows say, links the warranty against defects,
 * and carries the Australian Consumer Law's wording. The returns window and refund time are the store's one
 * statement of them (issue 34 §3, decision 0045: `@store/shared/store-promises`), which the FAQ, the home page
 * and the mails repeat; the window is the store's setting (issue 36 §5), left out until the settings are read.
 */
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export function ReturnPolicyPage() {
  const promises = useStorePromises();
  const returnWindow = promises ? returnWindowText(promises) : null;
  return (
    <PolicyPage
      title="Return Policy"
      description={`${promises ? `${returnsSentence(promises)} ` : ''}Report damaged or faulty items within 24 to 48 hours. Refunds within ${REFUND_TIME}, no restocking fee.`}
      lead="Changed your mind, or something is not right? Here is how returns, refunds and order changes work."
    >
      <PolicySection title="Faulty items and your consumer guarantees">
        <p className="content-note">
          <strong>{GUARANTEES_NOT_LIMITED}</strong> {FAULTY_GOODS_COVERED} Read our{' '}
          <Link to={WARRANTY_PATH}>warranty against defects</Link> for how to claim.
        </p>
      </PolicySection>

      <PolicySection title="At a glance">
        <PolicyFacts
          facts={[
            ...(returnWindow
              ? [{ term: 'Return window', detail: `${capitalised(returnWindow)}, for a full refund` }]
              : []),
            { term: 'Damaged or faulty', detail: 'Report within 24 to 48 hours of delivery' },
            { term: 'Refund', detail: `Within ${REFUND_TIME}, to the original payment method` },
            { term: 'Restocking fee', detail: 'None' },
            { term: 'Changes or cancellation', detail: 'Within 24 hours of placing your order' },
          ]}
        />
      </PolicySection>

      {promises && returnWindow && (
        <PolicySection
          title={`Returns within ${promises.returnWindowDays} day${promises.returnWindowDays === 1 ? '' : 's'}`}
        >
          <p>
            You can return an item <strong>{returnWindow} for a full refund</strong>. Please send it back
            unused and in its original packaging, with everything that came with it.
          </p>
        </PolicySection>
      )}

      <PolicySection title="How to return an item">
        <ol>
          <li>
            Fill in the <Link to="/return-order">return form</Link> with your order id, the item and the
            reason. You can attach a photo or a document (PNG, JPG, PDF or TXT, up to 5 MB).
          </li>
          <li>We reply within 24 hours with what to do next, including where to send the item.</li>
          <li>When the item reaches us and is checked, we send your refund.</li>
        </ol>
      </PolicySection>

      <PolicySection title="Damaged or faulty items">
        <p>
          If an item arrives damaged or turns out to be faulty, please report it{' '}
          <strong>within 24 to 48 hours</strong> of delivery through the{' '}
          <Link to="/return-order">return form</Link>, with a photo of the damage. Reporting quickly lets us
          claim from the courier and send a replacement sooner.
        </p>
        <p>
          This window is a request, not a limit on your rights: a fault you find later is still covered by the
          consumer guarantees below.
        </p>
      </PolicySection>

      <PolicySection title="Refunds">
        <ul>
          <li>
            Refunds are made <strong>within {REFUND_TIME}</strong> of approving your return.
          </li>
          <li>
            They go back to your <strong>original payment method</strong> (your card or PayPal account).
          </li>
          <li>
            There is <strong>no restocking fee</strong>.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Changing or cancelling an order">
        <p>
          You can change or cancel an order <strong>within 24 hours</strong> of placing it.{' '}
          <Link to="/contact-us">Contact us</Link> with your order id and the change you need. A cancelled
          order is refunded in full to the original payment method.
        </p>
      </PolicySection>

      <PolicySection title="Your rights under the Australian Consumer Law">
        <p className="content-note">{CONSUMER_GUARANTEE_TEXT}</p>
        <p>
          Nothing in this policy limits those rights. Our{' '}
          <Link to={WARRANTY_PATH}>warranty against defects</Link> (up to 2 years on many of our products) is
          in addition to them.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
