import { describe, expect, it } from 'vitest';
import { TEST_CARD_MESSAGES, passesLuhn, tokeniseTestCard } from './test-payments';

const now = new Date('2026-11-21T00:00:00Z');

describe('tokeniseTestCard', () => {
  it('turns the paying and the declining test cards into their payment methods', () => {
    expect(tokeniseTestCard({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, now)).toEqual({
      ok: true,
      paymentMethodId: 'pm_card_visa',
    });
    expect(tokeniseTestCard({ number: '4000000000000002', expiry: '01/27', cvc: '999' }, now)).toEqual({
      ok: true,
      paymentMethodId: 'pm_card_chargeDeclined',
    });
  });

  it('says what is wrong, as a card form does', () => {
    const card = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
    expect(tokeniseTestCard({ ...card, number: '4242 4242' }, now)).toEqual({
      ok: false,
      message: TEST_CARD_MESSAGES.numberIncomplete,
    });
    expect(tokeniseTestCard({ ...card, number: '4242424242424241' }, now)).toEqual({
      ok: false,
      message: TEST_CARD_MESSAGES.numberInvalid,
    });
    expect(tokeniseTestCard({ ...card, number: '5555555555554444' }, now)).toEqual({
      ok: false,
      message: TEST_CARD_MESSAGES.notATestCard,
    });
    expect(tokeniseTestCard({ ...card, expiry: '10/26' }, now)).toEqual({
      ok: false,
      message: TEST_CARD_MESSAGES.expiryPast,
    });
    expect(tokeniseTestCard({ ...card, expiry: '11/26' }, now).ok).toBe(true);
    expect(tokeniseTestCard({ ...card, expiry: '13/30' }, now)).toEqual({
      ok: false,
      message: TEST_CARD_MESSAGES.expiryIncomplete,
    });
    expect(tokeniseTestCard({ ...card, cvc: '12' }, now)).toEqual({
      ok: false,
      message: TEST_CARD_MESSAGES.cvcIncomplete,
    });
  });

  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
  });
});
