import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from './checkout-form';
import { moneyInputSchema, placeOrderRequestSchema } from './order';
import { ORDER_MESSAGES } from './order-constants';

const payload = {
  f_name: 'Sam',
  l_name: 'Lee',
  email: 'sam@example.com',
  phone: '0412345678',
  street_address: '1 Main Rd',
  city: 'Guildford',
  state: 'NSW',
  post_code: '2161',
  payment_method: 'Stripe',
  stripePaymentMethodId: 'pm_card_visa',
  products: [{ id: 3, quantity: 2, qp_subtotal: 49.9 }],
  subTotal: 49.9,
  delivery_charges: 15,
  totalGst: '6.49',
  grand_total: 71.39,
};

function firstMessage(input: unknown): string | undefined {
  const r = placeOrderRequestSchema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('placeOrderRequestSchema (SPEC §3 Order payload)', () => {
  it('reads money as cents and drops fields a client must not set', () => {
    const r = placeOrderRequestSchema.parse({ ...payload, status: 'completed', user_id: 7, role: 'admin' });
    expect(r.subTotal).toBe(4990);
    expect(r.totalGst).toBe(649);
    expect(r.products[0]?.qp_subtotal).toBe(4990);
    expect(r).not.toHaveProperty('status');
    expect(r).not.toHaveProperty('user_id');
  });

  it.each([-1, 0, 1.5, 101])('refuses quantity %s', (quantity) => {
    expect(firstMessage({ ...payload, products: [{ id: 3, quantity, qp_subtotal: 1 }] })).toBe(
      ORDER_MESSAGES.quantity,
    );
  });

  it('refuses an empty cart with the SPEC message', () => {
    expect(firstMessage({ ...payload, products: [] })).toBe(CHECKOUT_MESSAGES.cartEmpty);
  });

  it('refuses a line twice and a card number in clear', () => {
    expect(
      firstMessage({
        ...payload,
        products: [
          { id: 3, quantity: 1, qp_subtotal: 1 },
          { id: 3, quantity: 1, qp_subtotal: 1 },
        ],
      }),
    ).toBe(ORDER_MESSAGES.duplicateLine);
    expect(firstMessage({ ...payload, card_number: '4242 4242 4242 4242' })).toBe(
      ORDER_MESSAGES.cardDataNotAccepted,
    );
    expect(firstMessage({ ...payload, cvc: '123' })).toBe(ORDER_MESSAGES.cardDataNotAccepted);
    expect(firstMessage({ ...payload, card_number: '•••• 4242' })).toBeUndefined();
  });
});

describe('moneyInputSchema', () => {
  it.each([
    [79.95, 7995],
    ['79.95', 7995],
    [15, 1500],
    ['0.1', 10],
  ])('%s -> %s cents', (input, cents) => {
    expect(moneyInputSchema.parse(input)).toBe(cents);
  });
  it.each([-1, 1.005, '1e3', Number.NaN, 'abc'])('refuses %s', (input) => {
    expect(moneyInputSchema.safeParse(input).success).toBe(false);
  });
});
