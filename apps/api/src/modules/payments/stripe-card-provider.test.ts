/**
 * Contract tests of the Stripe adapter against Stripe's API faked at the network edge (tests/fakes): create and
 * confirm, requires_action (3-D Secure) then check, card declined, a 5xx, and a timeout whose retry reuses the
 * Idempotency-Key so Stripe holds one PaymentIntent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_SECRET_KEY,
  startFakeStripeApi,
  type FakeStripeApi,
} from '../../../tests/fakes/fake-stripe-api';
import type { CardChargeRequest } from './payment-provider';
import { createStripeCardProvider, StripeUnavailableError } from './stripe-card-provider';

let fake: FakeStripeApi;
beforeAll(async () => {
  fake = await startFakeStripeApi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

let orders = 0;
function charge(paymentMethodId: string, amountCents = 12_345): CardChargeRequest {
  const publicId = `Q7KX2M9P4R8T${String(++orders).padStart(4, '0')}`;
  return {
    amountCents,
    currency: 'AUD',
    paymentMethodId,
    idempotencyKey: `order-${publicId}`,
    description: `Order INV-00${1000 + orders}`,
    orderPublicId: publicId,
  };
}

const provider = (timeoutMs = 2_000) =>
  createStripeCardProvider({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    apiBase: fake.apiBase,
    timeoutMs,
    maxNetworkRetries: 0,
  });

describe('Stripe card adapter', () => {
  it('creates and confirms a PaymentIntent for the server amount in AUD, card only, with the order key', async () => {
    const request = charge('pm_card_visa');
    const result = await provider().charge(request);
    expect(result).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_/) });
    const create = fake.requests.find((r) => r.path === '/v1/payment_intents');
    expect(create?.idempotencyKey).toBe(request.idempotencyKey);
    expect(Object.fromEntries(create?.body ?? [])).toMatchObject({
      amount: '12345',
      currency: 'aud',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'card',
      'metadata[order_public_id]': request.orderPublicId,
    });
  });

  it('hands back the client secret when the bank asks for 3-D Secure, and checks the result afterwards', async () => {
    const p = provider();
    const result = await p.charge(charge('pm_card_authenticationRequired'));
    if (result.status !== 'requires_action')
      throw new Error(`expected requires_action, got ${result.status}`);
    expect(result.clientSecret).toMatch(new RegExp(`^${result.paymentId}_secret_`));
    expect(await p.check(result.paymentId)).toMatchObject({ status: 'requires_action' });
    fake.completeAuthentication(result.paymentId);
    expect(await p.check(result.paymentId)).toEqual({ status: 'succeeded', paymentId: result.paymentId });
  });

  it('failed 3-D Secure is a decline with Stripe’s message', async () => {
    const p = provider();
    const result = await p.charge(charge('pm_card_authenticationRequired'));
    if (result.status !== 'requires_action') throw new Error('expected requires_action');
    fake.failAuthentication(result.paymentId);
    expect(await p.check(result.paymentId)).toEqual({
      status: 'declined',
      paymentId: result.paymentId,
      message: expect.stringContaining('unable to authenticate'),
    });
  });

  it('a declined card (402 card_error) is a decline with Stripe’s message, not an error', async () => {
    expect(await provider().charge(charge('pm_card_chargeDeclined'))).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
      paymentId: expect.stringMatching(/^pi_/),
    });
  });

  it('an unknown PaymentIntent checks as a decline; reconciliation reads it as unknown', async () => {
    const p = provider();
    expect(await p.check('pi_doesnotexist')).toMatchObject({ status: 'declined' });
    expect(await p.paymentState({ paymentId: 'pi_doesnotexist', orderPublicId: 'X' })).toEqual({
      state: 'unknown',
    });
    expect(await p.paymentState({ paymentId: null, orderPublicId: 'NOSUCHORDER' })).toEqual({
      state: 'unknown',
    });
  });

  it('a 5xx throws StripeUnavailableError', async () => {
    fake.mode = 'server-error';
    await expect(provider().charge(charge('pm_card_visa'))).rejects.toBeInstanceOf(StripeUnavailableError);
  });

  it('a timeout throws; the retry with the same key gets the same PaymentIntent: one charge', async () => {
    const request = charge('pm_card_visa', 5_000);
    fake.mode = 'hang-after-create';
    await expect(provider(300).charge(request)).rejects.toBeInstanceOf(StripeUnavailableError);
    fake.mode = 'ok';
    const retried = await provider().charge(request);
    expect(retried).toMatchObject({ status: 'succeeded' });
    const forOrder = [...fake.intents.values()].filter(
      (i) => i.metadata.order_public_id === request.orderPublicId,
    );
    expect(forOrder).toHaveLength(1);
    expect(retried).toMatchObject({ paymentId: forOrder[0]?.id });
  });

  it('reads refunds and disputes for reconciliation', async () => {
    const p = provider();
    const request = charge('pm_card_visa', 10_000);
    const result = await p.charge(request);
    if (result.status !== 'succeeded') throw new Error('expected a payment');
    const byId = { paymentId: result.paymentId, orderPublicId: request.orderPublicId };
    const state = async () => (await p.paymentState(byId)).state;
    expect(await state()).toBe('completed');
    // Found by our order's public id too, when the first answer never arrived.
    expect(await p.paymentState({ paymentId: null, orderPublicId: request.orderPublicId })).toEqual({
      state: 'completed',
      paymentId: result.paymentId,
    });
    fake.refund(result.paymentId, 2_500);
    expect(await state()).toBe('partially_refunded');
    fake.refund(result.paymentId);
    expect(await state()).toBe('refunded');
    const charged = fake.charges.get(fake.intents.get(result.paymentId)?.latest_charge ?? '');
    if (charged) charged.disputed = true;
    expect(await state()).toBe('disputed');
  });

  it('a wrong secret key throws instead of pretending a decline', async () => {
    const p = createStripeCardProvider({
      secretKey: 'sk_test_wrong',
      apiBase: fake.apiBase,
      maxNetworkRetries: 0,
    });
    await expect(p.charge(charge('pm_card_visa'))).rejects.toBeInstanceOf(StripeUnavailableError);
  });
});

describe('Stripe refunds (issue 12)', () => {
  it('refunds part of a PaymentIntent with the Idempotency-Key, repeats as the same refund, refuses more than is left', async () => {
    const p = provider();
    const paid = await p.charge(charge('pm_card_visa', 10_000));
    if (paid.status !== 'succeeded') throw new Error('not paid');
    const request = {
      paymentId: paid.paymentId,
      amountCents: 2_550,
      currency: 'AUD' as const,
      idempotencyKey: 'refund_key_one',
      reason: 'Wrong part',
    };
    const first = await p.refund(request);
    expect(first).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) });
    const call = fake.requests.find((r) => r.path === '/v1/refunds');
    expect(call?.idempotencyKey).toBe('refund_key_one');
    expect(Object.fromEntries(call?.body ?? [])).toMatchObject({
      payment_intent: paid.paymentId,
      amount: '2550',
      'metadata[note]': 'Wrong part',
      'metadata[store_refund_key]': 'refund_key_one',
    });
    expect(await p.refund(request)).toEqual(first);
    expect(fake.refunds.size).toBe(1);

    const tooMuch = await p.refund({ ...request, amountCents: 7_451, idempotencyKey: 'refund_key_two' });
    expect(tooMuch).toEqual({
      status: 'failed',
      message: expect.stringContaining('greater than unrefunded'),
    });
    expect(
      await p.refund({ ...request, amountCents: 7_450, idempotencyKey: 'refund_key_three' }),
    ).toMatchObject({
      status: 'succeeded',
    });
    expect((await p.paymentState({ paymentId: paid.paymentId, orderPublicId: 'x' })).state).toBe('refunded');
  });

  it('findRefund (issue 43) lists the PaymentIntent refunds and answers the one with our key; null for another', async () => {
    const p = provider();
    const paid = await p.charge(charge('pm_card_visa', 6_000));
    if (paid.status !== 'succeeded') throw new Error('not paid');
    const base = { paymentId: paid.paymentId, currency: 'AUD' as const, reason: '' };
    const a = await p.refund({ ...base, amountCents: 1_000, idempotencyKey: 'refund_find_a' });
    await p.refund({ ...base, amountCents: 500, idempotencyKey: 'refund_find_b' });
    const lookup = { paymentId: paid.paymentId, walletOrderId: null };
    expect(await p.findRefund({ ...lookup, idempotencyKey: 'refund_find_a' })).toEqual(a);
    expect(await p.findRefund({ ...lookup, idempotencyKey: 'refund_find_never' })).toBeNull();
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/refunds')).toHaveLength(2);
  });

  it('throws StripeUnavailableError when Stripe answers 5xx', async () => {
    const paid = await provider().charge(charge('pm_card_visa', 1_000));
    if (paid.status !== 'succeeded') throw new Error('not paid');
    fake.mode = 'server-error';
    await expect(
      provider().refund({
        paymentId: paid.paymentId,
        amountCents: 100,
        currency: 'AUD',
        idempotencyKey: 'refund_key_down',
        reason: '',
      }),
    ).rejects.toBeInstanceOf(StripeUnavailableError);
  });
});
