/**
 * The offline test payment providers (DESIGN §3): Stripe's own test conventions, so the real adapters
 * drop in. The test card form turns a card number into a payment method id on the client side of the
 * interface (as Stripe Elements does); only that id reaches our server, which the test card provider
 * then charges. No zod here.
 */

/** Card numbers the test form accepts (spaces ignored), and the payment method each becomes. */
export const TEST_CARDS = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  // Stripe's 3-D Secure test card: the bank asks the shopper to confirm (issue 10, requires_action).
  '4000002500003155': 'pm_card_authenticationRequired',
} as const;

export const TEST_PAYMENT_METHOD_PAYS = 'pm_card_visa';
export const TEST_PAYMENT_METHOD_DECLINES = 'pm_card_chargeDeclined';
export const TEST_PAYMENT_METHOD_AUTHENTICATES = 'pm_card_authenticationRequired';
/**
 * The test form's buy-now-pay-later methods and wallet (issue 40): Afterpay and Zip wait for the shopper to approve
 * or decline on the test provider's approval page (the redirect to the provider, in test mode); the test wallet
 * button pays as a card from Apple Pay or Google Pay would.
 */
export const TEST_PAYMENT_METHOD_AFTERPAY = 'pm_test_afterpay';
export const TEST_PAYMENT_METHOD_ZIP = 'pm_test_zip';
export const TEST_PAYMENT_METHOD_WALLET = 'pm_test_wallet';

/** The Stripe payment method type of each test payment method (the provider refuses one sent as another type). */
export const TEST_PAYMENT_METHOD_TYPES: Record<string, 'card' | 'afterpay_clearpay' | 'zip'> = {
  pm_card_visa: 'card',
  pm_card_chargeDeclined: 'card',
  pm_card_authenticationRequired: 'card',
  [TEST_PAYMENT_METHOD_WALLET]: 'card',
  [TEST_PAYMENT_METHOD_AFTERPAY]: 'afterpay_clearpay',
  [TEST_PAYMENT_METHOD_ZIP]: 'zip',
};

/** The test PaymentIntent id inside a test client secret (`pi_test_..._secret_...`, as Stripe's are), or null. */
export function paymentIdOfClientSecret(clientSecret: string): string | null {
  const m = /^(pi_[A-Za-z0-9_]+?)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return m?.[1] ?? null;
}

/** Messages of the test card form, worded as Stripe Elements words them. */
export const TEST_CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  notATestCard:
    'Test mode: use 4242 4242 4242 4242 (pays), 4000 0000 0000 0002 (declined) or 4000 0025 0000 3155 (asks to confirm).',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration year is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  declined: 'Your card was declined.',
} as const;

/** Luhn checksum, as card forms check before anything is sent. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type TokeniseResult = { ok: true; paymentMethodId: string } | { ok: false; message: string };

/**
 * The test card form's "create payment method": checks number, expiry (MM / YY, not past) and CVC,
 * and returns the test payment method id. `now` is injectable for tests.
 */
export function tokeniseTestCard(
  card: { number: string; expiry: string; cvc: string },
  now: Date = new Date(),
): TokeniseResult {
  const digits = card.number.replace(/[\s-]/g, '');
  if (digits.length < 16) return { ok: false, message: TEST_CARD_MESSAGES.numberIncomplete };
  if (!passesLuhn(digits)) return { ok: false, message: TEST_CARD_MESSAGES.numberInvalid };
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  if (!m) return { ok: false, message: TEST_CARD_MESSAGES.expiryIncomplete };
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return { ok: false, message: TEST_CARD_MESSAGES.expiryIncomplete };
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (endOfMonth <= now) return { ok: false, message: TEST_CARD_MESSAGES.expiryPast };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, message: TEST_CARD_MESSAGES.cvcIncomplete };
  const pm = (TEST_CARDS as Record<string, string>)[digits];
  if (!pm) return { ok: false, message: TEST_CARD_MESSAGES.notATestCard };
  return { ok: true, paymentMethodId: pm };
}
