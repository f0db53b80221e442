import { Link } from 'react-router';
import { useShownStoreName } from '../hooks/use-shown-store-name';
import { PolicyPage, PolicySection } from './policy-page';

/**
 * /terms-conditions (SPEC §1 static pages): short terms of sale and use, consistent with the SPEC (prices in
 * dollars with GST and shipping shown at checkout, Australia-only delivery, one payment method per order,
 * warranty up to 2 years) and with DESIGN §7: nothing in them limits the consumer guarantees.
 */
export function TermsConditionsPage() {
  const name = useShownStoreName();
  return (
    <PolicyPage
      title="Terms & Conditions"
      description="The terms of buying from and using our Australian auto-parts store: orders, prices and payment, delivery, returns, warranties and your rights under the Australian Consumer Law."
      lead={
        <>
          These terms apply when you browse or buy from {name} (“we”, “us”). Please read them before you
          order.
        </>
      }
    >
      <PolicySection title="Your consumer rights">
        <p className="content-note">
          Nothing in these terms excludes, restricts or changes your rights under the Australian Consumer Law.
          Where these terms and the law differ, the law applies.
        </p>
      </PolicySection>

      <PolicySection title="Accounts">
        <p>
          You can order as a guest or as a member. If you create an account, keep your details accurate and
          your password to yourself; you are responsible for orders placed while you are signed in. For your
          safety we sign you out after 30 minutes without activity.
        </p>
      </PolicySection>

      <PolicySection title="Prices and payment">
        <ul>
          <li>
            Prices are in Australian dollars. Checkout shows the GST and delivery charge for your order before
            you pay.
          </li>
          <li>We accept cards and PayPal, one payment method per order.</li>
          <li>Member and sign-up discounts are applied at checkout.</li>
        </ul>
      </PolicySection>

      <PolicySection title="Orders">
        <p>
          Your order is placed when your payment is confirmed; you then see its order id and invoice number.
          If we cannot supply an item after all, we tell you and refund what you paid for it. You can change
          or cancel an order within 24 hours of placing it.
        </p>
      </PolicySection>

      <PolicySection title="Delivery">
        <p>
          We deliver within Australia only. Delivery times and costs are set out in our{' '}
          <Link to="/shipping-policy">shipping policy</Link>.
        </p>
      </PolicySection>

      <PolicySection title="Returns and warranty">
        <p>
          Returns and refunds follow our <Link to="/return-policy">return policy</Link>. Many products carry
          our premium <Link to="/warranty">warranty against defects</Link> of up to 2 years, in addition to
          your rights under the Australian Consumer Law.
        </p>
      </PolicySection>

      <PolicySection title="Fitting parts">
        <p>
          Check that a part suits your vehicle before you order; our <Link to="/faqs">FAQs</Link> explain how,
          and we are happy to help. Follow the manufacturer’s instructions, and have safety-critical parts
          such as brakes, steering, wheels and lights fitted by a qualified person.
        </p>
      </PolicySection>

      <PolicySection title="Using our website">
        <p>
          Use the site for lawful shopping only: do not try to disrupt it, get around its security or copy its
          content in bulk. Text, images and logos on the site belong to us or to our suppliers and brands. How
          we handle your personal information is explained in our{' '}
          <Link to="/privacy-and-policy">privacy policy</Link>.
        </p>
      </PolicySection>

      <PolicySection title="Changes and governing law">
        <p>
          We may update these terms from time to time; the terms on this page when you place an order apply to
          that order. These terms are governed by the laws of New South Wales, Australia.
        </p>
      </PolicySection>

      <PolicySection title="Contact">
        <p>
          Questions about these terms? <Link to="/contact-us">Contact us</Link> and we will reply within 24
          hours.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
