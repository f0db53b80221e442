import type {
  PaymentMethodContext,
  PaymentMethodKind,
  StripePaymentMethodType,
} from '@store/shared/payment-method-rules';
import type { Ref } from 'react';

/**
 * The card provider interface of the card payment page. A card form owns the card fields and turns them
 * into a payment method id, as Stripe Elements does with `stripe.createPaymentMethod`; the page only ever
 * sees that id (DESIGN §5.1: card numbers never reach our server). The offline test form implements it
 * when `card_payments` is 'test', the Stripe Elements form when it is 'stripe'.
 */
export type CreatePaymentMethodResult = CreatedPaymentMethod | { error: string };

/**
 * A payment method the form made, and how the shopper chose to pay with it (issue 40): sent to place-order as
 * `stripePaymentMethodId` and `payment_method_type`.
 */
export interface CreatedPaymentMethod {
  paymentMethodId: string;
  kind: PaymentMethodKind;
}

/** How the bank's check (3-D Secure) ended in the browser; the server still decides whether it paid. */
export type NextActionResult = { ok: true } | { error: string };

export interface CardFormHandle {
  /** Checks the card and creates the payment method; `error` is the provider's message for the shopper. */
  createPaymentMethod(): Promise<CreatePaymentMethodResult>;
  /**
   * Completes the bank's check (3-D Secure) for a payment the server answered `requires_action`, with the
   * client secret it sent (Stripe's `handleNextAction`). The page then sends the same place-order again.
   */
  handleNextAction(clientSecret: string): Promise<NextActionResult>;
  /**
   * Sends the shopper to approve an Afterpay or Zip payment on the provider's page (issue 40): Stripe's
   * `handleNextAction`, which leaves this page, or the offline test provider's approval page. The page has kept
   * the attempt (pending-payment-storage.ts) before calling this; it answers only if the shopper could not go.
   */
  approveByRedirect(clientSecret: string): Promise<NextActionResult>;
}

/** The billing details the card provider keeps with the payment method (from the saved checkout data). */
export interface CardBillingDetails {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; state: string; postal_code: string; country: 'AU' };
}

export interface CardFormProps {
  /** The page keeps this to call `createPaymentMethod` when the shopper pays. */
  ref: Ref<CardFormHandle>;
  /** Called with true once the form can take a payment (the provider's script is ready), false when not. */
  onReadyChange: (ready: boolean) => void;
  /** True while a payment is being made, so the card cannot change under it. */
  disabled?: boolean;
  /** Sent with the card to the provider (Stripe); the test form has no use for it. */
  billing: CardBillingDetails;
  /** The order as the payment method rules see it (issue 40): its total, in cents, is what Stripe shows. */
  context: PaymentMethodContext;
  /** The Stripe types offered for this order (`stripeTypesFor`), card first. */
  paymentMethodTypes: StripePaymentMethodType[];
  /**
   * Pays at once with a payment method made outside the Pay button (the test wallet button, issue 40), as if
   * the shopper had pressed Pay with it.
   */
  onExpressPay: (method: CreatedPaymentMethod) => void;
}
