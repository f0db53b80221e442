import type { Plan, SavedAddress } from '@store/shared/account';
import { useId } from 'react';
import { Link } from 'react-router';
import '@/components/ui/button-variants.css';
import './member-checkout.css';

export interface MemberCheckoutProps {
  addresses: readonly SavedAddress[];
  signupPercent: number;
  plans: readonly Plan[];
  planId: number | null;
  onPlanChange: (planId: number | null) => void;
  onUseAddress: (address: SavedAddress) => void;
}

/** One line for a saved address. */
export function addressLine(a: SavedAddress): string {
  return `${a.address_type ? `${a.address_type}: ` : ''}${a.f_name} ${a.l_name}, ${a.street_address}, ${a.city} ${a.state} ${a.post_code}`;
}

/**
 * SPEC §2 Checkout for signed-in customers: their saved addresses to fill the billing details from, the
 * signup discount, and a choice among the membership plans the member holds (issue 34 §4: `plans` is
 * `user_membership_plans`, only those; none held, no chooser).
 */
export function MemberCheckout({
  addresses,
  signupPercent,
  plans,
  planId,
  onPlanChange,
  onUseAddress,
}: MemberCheckoutProps) {
  const titleId = useId();
  const plansId = useId();
  return (
    <section className="checkout-card member-checkout" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-card__title">
        Member savings
      </h2>
      <p>
        Your signup discount: <strong>{signupPercent}% off</strong> this order.
      </p>
      {plans.length > 0 && (
        <fieldset className="member-checkout__plans">
          <legend id={plansId}>Membership plan discount</legend>
          <div className="checkout-check">
            <input
              type="radio"
              id="plan-none"
              name="discountPlan"
              checked={planId === null}
              onChange={() => onPlanChange(null)}
            />
            <label htmlFor="plan-none">No membership plan</label>
          </div>
          {plans.map((p) => (
            <div className="checkout-check" key={p.id}>
              <input
                type="radio"
                id={`plan-${p.id}`}
                name="discountPlan"
                checked={planId === p.id}
                onChange={() => onPlanChange(p.id)}
              />
              <label htmlFor={`plan-${p.id}`}>
                {p.plan_name} ({p.discount_percentage}% off)
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <div>
        <h3 className="member-checkout__subtitle">Saved addresses</h3>
        {addresses.length === 0 ? (
          <p>
            No saved addresses yet. <Link to="/address">Add an address</Link>
          </p>
        ) : (
          <ul className="member-checkout__addresses" role="list">
            {addresses.map((a) => (
              <li key={a.id}>
                <span>{addressLine(a)}</span>
                <button type="button" className="button button--quiet" onClick={() => onUseAddress(a)}>
                  Use this address
                  <span className="visually-hidden"> ({a.address_type || a.street_address})</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
