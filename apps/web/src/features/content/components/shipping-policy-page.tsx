import {
  CARRIER_NAMES,
  CARRIER_LIST,
  DELIVERY_AREA,
  DELIVERY_AREA_SENTENCE,
  deliveryTimeText,
  flatDeliveryText,
  FREE_DELIVERY_BASIS,
  freeDeliveryText,
  handlingTimeText,
  orderCutoffText,
  deliveryRuleSentence,
} from '@store/shared/store-promises';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useStorePromises } from '@/hooks/use-store-promises';
import { PolicyFacts, PolicyPage, PolicySection } from './policy-page';

/**
 * /shipping-policy (SPEC §9 Shipping: Australia only, order cutoff, handling and delivery times, Australia Post,
 * Aramex and CouriersPlease). Every promise on it is the store's one statement of it (issue 34 §3, decision 0045:
 * `@store/shared/store-promises`), worded from the store's settings as the owner set them in the back office
 * (issue 36 §5; demo: order by 6 PM AEST, handled in 0-1 business days, delivered in 5-8), so the page, the top
 * bar, the FAQ, the product page, checkout and the mails agree. Until the settings are read the figures are left
 * out. The checkout's /shipping-option link lands here (DESIGN §7).
 */
export function ShippingPolicyPage() {
  const delivery = useStorePromises();
  const rule = delivery ? deliveryRuleSentence(delivery) : null;
  const flat = delivery ? flatDeliveryText(delivery) : null;
  const cutoff = delivery ? orderCutoffText(delivery) : null;
  const handling = delivery ? handlingTimeText(delivery) : null;
  const transit = delivery ? deliveryTimeText(delivery) : null;
  return (
    <PolicyPage
      title="Shipping Policy"
      description={
        delivery
          ? `We deliver within Australia only: order by ${cutoff}, handled in ${handling}, delivered in ${transit}. ${rule}`
          : 'We deliver within Australia only.'
      }
      lead="Where we deliver, how fast your parts reach you and what delivery costs."
    >
      <PolicySection title="At a glance">
        <PolicyFacts
          facts={[
            { term: 'Delivery area', detail: DELIVERY_AREA },
            ...(delivery
              ? [
                  { term: 'Order cutoff', detail: cutoff },
                  { term: 'Handling time', detail: handling },
                  { term: 'Delivery time', detail: transit },
                ]
              : []),
            { term: 'Couriers', detail: CARRIER_LIST },
            ...(rule ? [{ term: 'Delivery cost', detail: rule }] : []),
          ]}
        />
      </PolicySection>

      <PolicySection title="Where we deliver">
        <p>{DELIVERY_AREA_SENTENCE} We cannot send orders to addresses outside Australia.</p>
      </PolicySection>

      <PolicySection title="When your order ships">
        {delivery && (
          <ul>
            <li>
              Orders placed before the <strong>{cutoff}</strong> cutoff on a business day are handled from
              that day; later orders from the next business day.
            </li>
            <li>
              Handling (picking, packing and handing your parcel to the courier) takes{' '}
              <strong>{handling}</strong>.
            </li>
            <li>
              Delivery then takes <strong>{transit}</strong>, depending on where you are.
            </li>
          </ul>
        )}
        <p>Business days are Monday to Friday, not counting public holidays.</p>
      </PolicySection>

      <PolicySection title="Couriers">
        <p>
          Your order travels with{' '}
          {CARRIER_NAMES.map((name, i) => (
            <Fragment key={name}>
              {i > 0 && (i === CARRIER_NAMES.length - 1 ? ' or ' : ', ')}
              <strong>{name}</strong>
            </Fragment>
          ))}
          , whichever suits your parcel and address best.
        </p>
      </PolicySection>

      <PolicySection title="Delivery costs">
        {delivery && (
          <ul>
            <li>
              <strong>{freeDeliveryText(delivery)}</strong>.
            </li>
            {flat && <li>{flat}.</li>}
          </ul>
        )}
        <p>{FREE_DELIVERY_BASIS} Checkout shows the delivery charge for your order before you pay.</p>
      </PolicySection>

      <PolicySection title="Tracking your order">
        <p>
          Keep the order number from your order confirmation and enter it, with the email you ordered with, on{' '}
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
