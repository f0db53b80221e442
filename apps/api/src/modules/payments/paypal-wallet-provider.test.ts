/**
 * Contract tests of the PayPal adapter against PayPal's REST API faked at the network edge: a local HTTP server
 * answering in the shapes of PayPal's Orders v2 reference (create, get, capture, the 422 with
 * PAYEE_ACCOUNT_RESTRICTED, 5xx, a hang), reached through `apiBase` as PAYPAL_API_BASE would point it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_PAYPAL_CLIENT_ID,
  FAKE_PAYPAL_CLIENT_SECRET,
  startFakePaypalApi,
  type FakePaypalApi,
} from '../../../tests/fakes/fake-paypal-api';
import { createPaypalWalletProvider, PaypalUnavailableError } from './paypal-wallet-provider';

/** Our order's capture key, as place-order derives it from the order's public id; one order per test. */
let KEY = '';
let orderCount = 0;
let fake: FakePaypalApi;
let apiBase = '';

beforeAll(async () => {
  fake = await startFakePaypalApi();
  apiBase = fake.apiBase;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  KEY = `order-Q7KX2M9P4R8T${String(++orderCount).padStart(4, '0')}`;
  fake.captureMode = 'ok';
  fake.requests.length = 0;
});

const provider = (timeoutMs = 2_000) =>
  createPaypalWalletProvider({
    clientId: FAKE_PAYPAL_CLIENT_ID,
    clientSecret: FAKE_PAYPAL_CLIENT_SECRET,
    apiBase,
    timeoutMs,
  });

async function approvedOrder(p: ReturnType<typeof provider>, amountCents: number) {
  const { walletOrderId } = await p.createOrder({ amountCents, currency: 'AUD' });
  fake.approve(walletOrderId); // the buyer approves on PayPal's site
  return walletOrderId;
}

describe('PayPal Orders v2 adapter', () => {
  it('creates an order for the server total in AUD with a request id, and reuses its access token', async () => {
    const p = provider();
    const { walletOrderId } = await p.createOrder({ amountCents: 12_345, currency: 'AUD' });
    await p.createOrder({ amountCents: 500, currency: 'AUD' });
    expect(fake.orders.get(walletOrderId)?.amount).toEqual({ currency_code: 'AUD', value: '123.45' });
    const creates = fake.requests.filter((r) => r.path === '/v2/checkout/orders');
    expect(creates).toHaveLength(2);
    expect(creates.every((r) => typeof r.headers['paypal-request-id'] === 'string')).toBe(true);
    expect(JSON.parse(creates[0]?.body ?? '{}')).toMatchObject({ intent: 'CAPTURE' });
    expect(fake.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('captures an approved order for the expected amount: completed with the capture id', async () => {
    const p = provider();
    const id = await approvedOrder(p, 4_390);
    const result = await p.capture({ walletOrderId: id, expectedAmountCents: 4_390, idempotencyKey: KEY });
    expect(result).toEqual({ status: 'completed', captureId: expect.stringMatching(/^3C679366HH/) });
    const capture = fake.requests.find((r) => r.path.endsWith('/capture'));
    expect(capture?.headers['paypal-request-id']).toBe(KEY);
  });

  it('does not capture an order made for another amount', async () => {
    const p = provider();
    const id = await approvedOrder(p, 4_390);
    const result = await p.capture({ walletOrderId: id, expectedAmountCents: 4_391, idempotencyKey: KEY });
    expect(result).toMatchObject({ status: 'failed', issue: 'AMOUNT_MISMATCH' });
    expect(fake.requests.some((r) => r.path.endsWith('/capture'))).toBe(false);
  });

  it('answers PAYEE_ACCOUNT_RESTRICTED as a failed capture with that issue (SPEC §8)', async () => {
    const p = provider();
    const id = await approvedOrder(p, 2_000);
    fake.captureMode = 'restricted';
    expect(
      await p.capture({ walletOrderId: id, expectedAmountCents: 2_000, idempotencyKey: KEY }),
    ).toMatchObject({
      status: 'failed',
      issue: 'PAYEE_ACCOUNT_RESTRICTED',
    });
  });

  it('an order the buyer did not approve fails with PayPal’s reason', async () => {
    const p = provider();
    const { walletOrderId } = await p.createOrder({ amountCents: 1_000, currency: 'AUD' });
    expect(await p.capture({ walletOrderId, expectedAmountCents: 1_000, idempotencyKey: KEY })).toMatchObject(
      {
        status: 'failed',
        issue: 'ORDER_NOT_APPROVED',
      },
    );
  });

  it('a 5xx or a hang throws; the retry sends the same request id and PayPal captures once', async () => {
    const p = provider(300);
    const id = await approvedOrder(p, 3_000);
    fake.captureMode = 'server-error';
    await expect(
      p.capture({ walletOrderId: id, expectedAmountCents: 3_000, idempotencyKey: KEY }),
    ).rejects.toBeInstanceOf(PaypalUnavailableError);
    fake.captureMode = 'hang';
    await expect(
      p.capture({ walletOrderId: id, expectedAmountCents: 3_000, idempotencyKey: KEY }),
    ).rejects.toBeInstanceOf(PaypalUnavailableError);
    fake.captureMode = 'ok';
    const first = await p.capture({ walletOrderId: id, expectedAmountCents: 3_000, idempotencyKey: KEY });
    const again = await p.capture({ walletOrderId: id, expectedAmountCents: 3_000, idempotencyKey: KEY });
    expect(first).toMatchObject({ status: 'completed' });
    expect(again).toEqual(first);
    expect(
      new Set(
        fake.requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.headers['paypal-request-id']),
      ),
    ).toEqual(new Set([KEY]));
  });

  it('another order naming a captured wallet order is refused as ORDER_ALREADY_CAPTURED', async () => {
    const p = provider();
    const id = await approvedOrder(p, 2_500);
    expect(
      await p.capture({ walletOrderId: id, expectedAmountCents: 2_500, idempotencyKey: KEY }),
    ).toMatchObject({
      status: 'completed',
    });
    expect(
      await p.capture({
        walletOrderId: id,
        expectedAmountCents: 2_500,
        idempotencyKey: 'order-OTHER0000000000',
      }),
    ).toMatchObject({ status: 'failed', issue: 'ORDER_ALREADY_CAPTURED' });
  });

  it('reads a wallet order’s money for reconciliation: pending, completed with its capture, refunded', async () => {
    const p = provider();
    const id = await approvedOrder(p, 1_200);
    expect(await p.paymentState(id)).toEqual({ state: 'pending' });
    const captured = await p.capture({ walletOrderId: id, expectedAmountCents: 1_200, idempotencyKey: KEY });
    const captureId = captured.status === 'completed' ? captured.captureId : 'none';
    expect(await p.paymentState(id)).toEqual({ state: 'completed', captureId });
    const order = fake.orders.get(id);
    if (order?.capture) order.capture.status = 'REFUNDED';
    expect(await p.paymentState(id)).toEqual({ state: 'refunded', captureId });
    expect(await p.paymentState('NOSUCHORDER')).toEqual({ state: 'unknown' });
  });

  it('wrong credentials throw instead of pretending a decline', async () => {
    const p = createPaypalWalletProvider({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: 'wrong', apiBase });
    await expect(p.createOrder({ amountCents: 100, currency: 'AUD' })).rejects.toBeInstanceOf(
      PaypalUnavailableError,
    );
  });
});

describe('PayPal refunds (issue 12)', () => {
  it('refunds part of a capture in AUD with the PayPal-Request-Id, repeats as the same refund, refuses more than is left', async () => {
    fake.refundMode = 'ok';
    const p = provider();
    const walletOrderId = await approvedOrder(p, 5_000);
    const captured = await p.capture({ walletOrderId, expectedAmountCents: 5_000, idempotencyKey: KEY });
    if (captured.status !== 'completed') throw new Error('not captured');
    const request = {
      paymentId: captured.captureId,
      amountCents: 1_234,
      currency: 'AUD' as const,
      idempotencyKey: `refund_${KEY}`,
      reason: 'Damaged in transit',
    };
    const first = await p.refund(request);
    expect(first).toEqual({ status: 'succeeded', refundId: expect.any(String) });
    const call = fake.requests.find((r) => r.path.endsWith('/refund'));
    expect(call?.path).toBe(`/v2/payments/captures/${captured.captureId}/refund`);
    expect(call?.headers['paypal-request-id']).toBe(request.idempotencyKey);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      amount: { currency_code: 'AUD', value: '12.34' },
      custom_id: request.idempotencyKey,
      note_to_payer: 'Damaged in transit',
    });
    expect(await p.refund(request)).toEqual(first);
    expect(fake.refunds.size).toBe(1);

    const tooMuch = await p.refund({ ...request, amountCents: 3_767, idempotencyKey: `${KEY}-2` });
    expect(tooMuch).toEqual({ status: 'failed', message: expect.stringContaining('not yet been refunded') });
    expect(await p.refund({ ...request, amountCents: 3_766, idempotencyKey: `${KEY}-3` })).toMatchObject({
      status: 'succeeded',
    });
    expect((await p.paymentState(walletOrderId)).state).toBe('refunded');
  });

  it('findRefund (issue 43) finds a refund by our key in the order details, null for a key PayPal never got', async () => {
    fake.refundMode = 'ok';
    const p = provider();
    const walletOrderId = await approvedOrder(p, 4_000);
    const captured = await p.capture({
      walletOrderId,
      expectedAmountCents: 4_000,
      idempotencyKey: `${KEY}-find`,
    });
    if (captured.status !== 'completed') throw new Error('not captured');
    const made = await p.refund({
      paymentId: captured.captureId,
      amountCents: 1_000,
      currency: 'AUD',
      idempotencyKey: `refund_${KEY}-find`,
      reason: '',
    });
    expect(made.status).toBe('succeeded');
    const lookup = { paymentId: captured.captureId, walletOrderId };
    expect(await p.findRefund({ ...lookup, idempotencyKey: `refund_${KEY}-find` })).toEqual(made);
    expect(await p.findRefund({ ...lookup, idempotencyKey: `refund_${KEY}-never` })).toBeNull();
    expect(await p.findRefund({ ...lookup, walletOrderId: 'NO-SUCH-ORDER', idempotencyKey: 'x' })).toBeNull();
  });

  it('throws PaypalUnavailableError when PayPal answers 5xx', async () => {
    fake.refundMode = 'server-error';
    await expect(
      provider().refund({
        paymentId: 'ANYCAPTURE',
        amountCents: 100,
        currency: 'AUD',
        idempotencyKey: `${KEY}-down`,
        reason: '',
      }),
    ).rejects.toBeInstanceOf(PaypalUnavailableError);
    fake.refundMode = 'ok';
  });
});
