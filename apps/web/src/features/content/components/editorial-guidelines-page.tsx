import { Link } from 'react-router';
import { useShownStoreName } from '../hooks/use-shown-store-name';
import { PolicyPage, PolicySection } from './policy-page';

/**
 * /editorial-guidelines (SPEC §1 static pages; the mobile menu's /editorial-guideline lands here, DESIGN §7):
 * how the store writes and checks its product information, offers and advice, and how to report a mistake.
 */
export function EditorialGuidelinesPage() {
  const name = useShownStoreName();
  return (
    <PolicyPage
      title="Editorial Guidelines"
      description="How we write and check our product information, prices, offers and fitting advice, and how to tell us about a mistake so we can correct it."
      lead={<>How {name} writes and checks the product information, offers and advice on this site.</>}
    >
      <PolicySection title="Accurate product information">
        <ul>
          <li>
            Titles, specifications, part numbers and fitment details come from the manufacturer or supplier,
            and we check them before a product goes on sale.
          </li>
          <li>Every product page names its brand, so you can tell genuine and aftermarket parts apart.</li>
          <li>
            Photos show the product you receive. Where a photo shows one of several sizes or colours, the
            description says so.
          </li>
          <li>
            We write in plain Australian English, with metric units (millimetres, kilograms, newton metres).
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Prices and offers">
        <ul>
          <li>Prices are in Australian dollars.</li>
          <li>
            A discounted price shows the original price and the saving, as a percentage or a dollar amount.
          </li>
          <li>
            Offers state their conditions, such as the order total for free delivery or who gets the member
            discount, in the same words wherever they appear.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Advice you can rely on">
        <p>
          Our guides and answers follow the manufacturer’s instructions and Australian rules. Where a job
          affects safety, such as brakes, steering, wheels or lighting, we say so and recommend a qualified
          person.
        </p>
      </PolicySection>

      <PolicySection title="Independence and reviews">
        <p>
          We choose what to write about for our customers, not for advertisers. Any paid promotion is clearly
          labelled. We only publish genuine customer reviews and testimonials, and we never change their
          meaning.
        </p>
      </PolicySection>

      <PolicySection title="Corrections">
        <p>
          Spotted a mistake in a product description, a fitment list or a guide?{' '}
          <Link to="/contact-us">Tell us</Link> and we will check it with the manufacturer and correct it
          promptly. If a mistake affected an order you placed, we will make it right under our{' '}
          <Link to="/return-policy">return policy</Link>.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
