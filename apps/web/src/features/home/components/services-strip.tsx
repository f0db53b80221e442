import {
  DELIVERY_AREA,
  freeDeliveryHeadline,
  returnsHeadline,
  type StorePromises,
} from '@store/shared/store-promises';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WARRANTY_PATH } from '@/lib/consumer-guarantee-text';
import { useStorePromises } from '@/hooks/use-store-promises';
import './home-sections.css';

interface Service {
  title: string;
  detail: string;
  icon: string;
  /** The page that spells the claim out, if it has one. */
  to?: string;
}

const TRUCK_ICON =
  'M3 6.5h11v9H3zM14 9.5h3.6l2.9 3.2v2.8H14zM7 18.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Zm10 0a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z';

/**
 * SPEC §1 and §9: the home page's marketing claims, in the words of the store's promises (issue 34 §3,
 * decision 0045): the delivery offer and the returns window from the store's settings (issue 36 §5), the return
 * policy's days instead of the SPEC's "365 day free return", which no policy keeps. Each links the policy
 * that spells it out; the warranty claim links to the warranty against defects (issue 18 §4: the words
 * regulation 90 requires of an advertised warranty, and how to claim).
 */
function services(delivery: StorePromises | null): Service[] {
  // Until the settings are read (a page rendered in the browser only) the slots say no figure.
  const headline = delivery ? freeDeliveryHeadline(delivery) : { title: 'Delivery', detail: DELIVERY_AREA };
  const returns = delivery
    ? returnsHeadline(delivery)
    : { title: 'Easy returns', detail: 'No restocking fee' };
  const [warranty, secure] = FIXED_SERVICES;
  return [
    { ...headline, to: '/shipping-policy', icon: TRUCK_ICON },
    warranty!,
    { ...returns, to: '/return-policy', icon: RETURN_ICON },
    secure!,
  ];
}

const RETURN_ICON = 'M4.5 9.5A8 8 0 1 1 4 14m.5-4.5V5m0 4.5H9';

const FIXED_SERVICES: readonly Service[] = [
  {
    title: 'Premium warranty',
    detail: 'Up to 2 years',
    to: WARRANTY_PATH,
    icon: 'M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Zm-3.2 9.2 2.3 2.3 4.3-4.6',
  },
  {
    title: 'Secure checkout',
    detail: 'Card and PayPal',
    icon: 'M6.5 10.5h11a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1v-7.5a1 1 0 0 1 1-1Zm2-.5V7.5a3.5 3.5 0 0 1 7 0V10M12 14v2.5',
  },
];

/** The strip of promises under the hero (SPEC §2 Home page: services strip). */
export function ServicesStrip() {
  const delivery = useStorePromises();
  return (
    <section className="services" aria-label="Why shop with us">
      <ul className="services__list">
        {services(delivery).map((service) => (
          <li key={service.title} className="services__item">
            <span className="services__icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
                <path
                  d={service.icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <ServiceText service={service} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A claim's title and detail; a link to its page when it has one. */
function ServiceText({ service }: { service: Service }) {
  const text: ReactNode = (
    <>
      <strong>{service.title}</strong>
      <span>{service.detail}</span>
    </>
  );
  return service.to ? (
    <Link to={service.to} className="services__text services__text--link">
      {text}
    </Link>
  ) : (
    <p className="services__text">{text}</p>
  );
}
