import { CHECKOUT_MESSAGES } from '@store/shared/checkout-form';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import {
  PAYMENT_METHOD_KIND_NAMES,
  paymentMethodRefusal,
  type PaymentMethodContext,
  type PaymentMethodKind,
  type StripePaymentMethodType,
} from '@store/shared/payment-method-rules';
import { useId } from 'react';
import { Link } from 'react-router';

/** The two ways to pay (SPEC §2): card (Stripe, or the offline test card form) and wallet (PayPal). */
export type PaymentChoice = 'card' | 'wallet';

/** What the shopper can choose at checkout: a payment page, or (issue 39 §4) the trade account, placed at once. */
export type CheckoutChoice = PaymentChoice | 'account';

/** "On account" for a member of a trade account (issue 39 §4). */
export interface OnAccountOffer {
  /** Whether the account may order on account now (`can_order_on_account`). */
  available: boolean;
  /** The terms and the credit left, in words ("30 days end of month · $1,250.00 available credit"). */
  terms: string;
  /** Why not, when not available (`on_account_blocked`). */
  blocked: string | null;
  /** The server's refusal of the last order on account, shown here, where the method was chosen. */
  problem: string;
}

/** SPEC §2 route of each payment page. */
export const PAYMENT_PAGE_PATHS: Record<PaymentChoice, string> = {
  card: '/checkout-stripe-payment',
  wallet: '/checkout-paypal-payment',
};

export interface CheckoutPaymentChoiceProps {
  onChoose: (choice: CheckoutChoice) => void;
  /** The form was checked and has errors: repeat the SPEC's message beside the buttons. */
  invalid: boolean;
  /** The payment pages run the offline test providers (DESIGN §3): say no money moves. */
  testMode: boolean;
  /** Which choice is being prepared (a button shows it is busy), or null. */
  busy: CheckoutChoice | null;
  /** Which methods the store takes now (a production store may have only one provider); default both. */
  offered?: Record<PaymentChoice, boolean>;
  /** A trade account member's "On account" (issue 39 §4); none for anyone else. */
  onAccount?: OnAccountOffer | null;
  /**
   * The other ways the card page takes for this order, in words ("Also Apple Pay, Google Pay, Afterpay and Zip"),
   * shown under the card button (issue 40 §2; `cardPageAlsoLine`); null for none.
   */
  cardAlso?: string | null;
}

/** The buy-now-pay-later kinds, in the order the card page lists them. */
const BNPL_KINDS = ['afterpay_clearpay', 'zip'] as const satisfies readonly PaymentMethodKind[];

/**
 * What the card page takes besides a card typed in, for an order like `context` (issue 40 §2): Apple Pay and
 * Google Pay where the store takes cards (a wallet pays with one), then Afterpay and Zip where the store offers
 * them (`offered`, the store config's `payment_method_types`) and the shared rules allow them for this order
 * (`paymentMethodRefusal`: limits, trade accounts). `context` null (totals not known yet) lists the wallets only.
 * "Also Apple Pay, Google Pay, Afterpay and Zip", or null when there is nothing else.
 */
export function cardPageAlsoLine(
  offered: readonly StripePaymentMethodType[],
  context: PaymentMethodContext | null,
): string | null {
  const kinds: PaymentMethodKind[] = offered.includes('card') ? ['apple_pay', 'google_pay'] : [];
  for (const kind of BNPL_KINDS) {
    if (context && offered.includes(kind) && paymentMethodRefusal(kind, context) === null) kinds.push(kind);
  }
  if (kinds.length === 0) return null;
  const names = new Intl.ListFormat('en-AU', { type: 'conjunction' }).format(
    kinds.map((kind) => PAYMENT_METHOD_KIND_NAMES[kind]),
  );
  return `Also ${names}`;
}

function AccountIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M4 20V9l8-5 8 5v11"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M9 20v-6h6v6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * "On account" (issue 39 §4): the terms and the credit left under it; when the account cannot order on account the
 * button stays in the tab order but refuses, with the reason beside it; a refused order's message shows here too.
 */
function OnAccountButton({
  offer,
  busy,
  onChoose,
}: {
  offer: OnAccountOffer;
  busy: boolean;
  onChoose: (choice: CheckoutChoice) => void;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  const describedBy = [`${id}-terms`, offer.problem ? problemId : ''].filter(Boolean).join(' ');
  return (
    <div className="payment-choice__account">
      <button
        type="button"
        className="payment-choice__button payment-choice__button--account"
        aria-busy={busy || undefined}
        aria-disabled={!offer.available || undefined}
        aria-describedby={describedBy}
        onClick={() => {
          if (offer.available) onChoose('account');
        }}
      >
        <AccountIcon />
        On account
      </button>
      <p id={`${id}-terms`} className="payment-choice__account-terms">
        {offer.available ? `Pay on account: ${offer.terms}.` : offer.blocked}
      </p>
      {offer.problem && (
        <p id={problemId} className="payment-choice__invalid" role="alert">
          {offer.problem}
        </p>
      )}
    </div>
  );
}

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect x="2.5" y="5" width="19" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M2.5 9.5h19" stroke="currentColor" strokeWidth="2.4" />
      <path d="M6 15h4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function WalletIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M8.2 20.5H5.1l2.6-17h6.1c3.4 0 5.3 1.8 4.8 4.9-.6 3.6-3 5.3-6.4 5.3H9.6l-1.4 6.8Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The payment method buttons 'Credit Card / Debit Card' and 'Paypal' (SPEC §2). Choosing one checks the
 * form; only a valid form goes on to the matching payment page. Policy links sit right where the decision
 * is made (SPEC §2: /privacy-and-policy, /shipping-option, /return-policy), opening beside the checkout.
 */
export function CheckoutPaymentChoice({
  onChoose,
  invalid,
  testMode,
  busy,
  offered = { card: true, wallet: true },
  onAccount = null,
  cardAlso = null,
}: CheckoutPaymentChoiceProps) {
  const cardAlsoId = useId();
  return (
    <div className="payment-choice">
      <h3 className="payment-choice__title">Choose how to pay</h3>
      <p className="payment-choice__lead">
        {onAccount?.available
          ? 'Order on your trade account now, or enter card or PayPal details securely on the next page.'
          : 'You enter your payment details securely on the next page.'}
      </p>
      <div className="payment-choice__buttons">
        {onAccount && <OnAccountButton offer={onAccount} busy={busy === 'account'} onChoose={onChoose} />}
        {offered.card && (
          <div className="payment-choice__card">
            <button
              type="button"
              className="payment-choice__button payment-choice__button--card"
              aria-busy={busy === 'card' || undefined}
              aria-describedby={cardAlso ? cardAlsoId : undefined}
              onClick={() => onChoose('card')}
            >
              <CardIcon />
              Credit Card / Debit Card
            </button>
            {cardAlso && (
              <p id={cardAlsoId} className="payment-choice__card-also">
                {cardAlso}
              </p>
            )}
          </div>
        )}
        {offered.wallet && (
          <button
            type="button"
            className="payment-choice__button payment-choice__button--wallet"
            aria-busy={busy === 'wallet' || undefined}
            onClick={() => onChoose('wallet')}
          >
            <WalletIcon />
            Paypal
          </button>
        )}
      </div>
      {!offered.card && !offered.wallet && (
        <p className="payment-choice__invalid">{ORDER_MESSAGES.noPaymentMethods}</p>
      )}
      {invalid && <p className="payment-choice__invalid">{CHECKOUT_MESSAGES.formInvalid}</p>}
      {testMode && <p className="payment-choice__test">Test mode: no real payment is taken.</p>}
      <p className="payment-choice__policies">
        Before you pay, please read our{' '}
        <Link to="/privacy-and-policy" target="_blank" rel="noopener">
          Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
        </Link>
        ,{' '}
        <Link to="/shipping-option" target="_blank" rel="noopener">
          Shipping Policy<span className="visually-hidden"> (opens in a new tab)</span>
        </Link>{' '}
        and{' '}
        <Link to="/return-policy" target="_blank" rel="noopener">
          Return Policy<span className="visually-hidden"> (opens in a new tab)</span>
        </Link>
        .
      </p>
    </div>
  );
}
