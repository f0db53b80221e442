import type { Ref } from 'react';

/**
 * The card provider interface of the card payment page. A card form owns the card fields and turns them
 * into a payment method id, as Stripe Elements does with `stripe.createPaymentMethod`; the page only ever
 * sees that id (DESIGN §5.1: card numbers never reach our server). The offline test form implements it
 * today; a Stripe Elements form drops in beside it when `card_payments` is 'stripe'.
 */
export type CreatePaymentMethodResult = { paymentMethodId: string } | { error: string };

export interface CardFormHandle {
  /** Checks the card and creates the payment method; `error` is the provider's message for the shopper. */
  createPaymentMethod(): Promise<CreatePaymentMethodResult>;
}

export interface CardFormProps {
  /** The page keeps this to call `createPaymentMethod` when the shopper pays. */
  ref: Ref<CardFormHandle>;
  /** Called with true once the form can take a payment (the provider's script is ready), false when not. */
  onReadyChange: (ready: boolean) => void;
  /** True while a payment is being made, so the card cannot change under it. */
  disabled?: boolean;
}
