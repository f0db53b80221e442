import { Link } from 'react-router';
import { PolicyFacts, PolicyPage, PolicySection } from './policy-page';

/**
 * /shipping-policy (SPEC §9 Shipping: Australia only, order cutoff 6 PM AEST, handling 0-1 business days,
 * delivery 5-8 business days, Australia Post, Aramex and CouriersPlease; free above A$100, a flat A$15 below).
 * The checkout's /shipping-option link lands here (DESIGN §7).
 */
export function ShippingPolicyPage() {
  return (
    <PolicyPage
      title="Shipping Policy"
      description="We deliver within Australia only: order by 6 PM AEST, handled in 0-1 business days, delivered in 5-8 business days. Free shipping above A$100, a flat A$15 below."
      lead="Where we deliver, how fast your parts reach you and what delivery costs."
    >
      <PolicySection title="At a glance">
        <PolicyFacts
          facts={[
            { term: 'Delivery area', detail: 'Australia only' },
            { term: 'Order cutoff', detail: '6 PM AEST' },
            { term: 'Handling time', detail: '0-1 business days' },
            { term: 'Delivery time', detail: '5-8 business days' },
            { term: 'Couriers', detail: 'Australia Post, Aramex and CouriersPlease' },
            {
              term: 'Shipping cost',
              detail: 'Free above A$100 before GST; a flat A$15 plus GST (A$16.50) below A$100',
            },
          ]}
        />
      </PolicySection>

      <PolicySection title="Where we deliver">
        <p>
          We ship to addresses in Australia only, including every state and territory. We cannot send orders
          to addresses outside Australia.
        </p>
      </PolicySection>

      <PolicySection title="When your order ships">
        <ul>
          <li>
            Orders placed before the <strong>6 PM AEST</strong> cutoff on a business day are handled from that
            day; later orders from the next business day.
          </li>
          <li>
            Handling (picking, packing and handing your parcel to the courier) takes{' '}
            <strong>0-1 business days</strong>.
          </li>
          <li>
            Delivery then takes <strong>5-8 business days</strong>, depending on where you are.
          </li>
        </ul>
        <p>Business days are Monday to Friday, not counting public holidays.</p>
      </PolicySection>

      <PolicySection title="Couriers">
        <p>
          Your order travels with <strong>Australia Post</strong>, <strong>Aramex</strong> or{' '}
          <strong>CouriersPlease</strong>, whichever suits your parcel and address best.
        </p>
      </PolicySection>

      <PolicySection title="Shipping costs">
        <ul>
          <li>
            <strong>Free shipping</strong> on orders above A$100 before GST.
          </li>
          <li>
            A <strong>flat A$15</strong> plus GST (A$16.50 in all) on orders below A$100.
          </li>
        </ul>
        <p>
          Checkout shows the delivery charge for your order before you pay. Product prices include GST; the
          A$100 for free shipping counts your order before GST.
        </p>
      </PolicySection>

      <PolicySection title="Tracking your order">
        <p>
          Keep the order id from your order confirmation and enter it on{' '}
          <Link to="/guest-track-order">Track Order</Link> to see where your order is up to. Members can also
          open their orders from Order History.
        </p>
      </PolicySection>

      <PolicySection title="Damaged or missing parcels">
        <p>
          If your parcel arrives damaged, please tell us within 24 to 48 hours of delivery through our{' '}
          <Link to="/return-order">return form</Link>, with a photo if you can, so we can sort it out with the
          courier. If your order has not arrived within the delivery time above,{' '}
          <Link to="/contact-us">contact us</Link> with your order id and we will chase it.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
