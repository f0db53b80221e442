/**
 * Contract tests of the PayPal adapter against PayPal's REST API faked at the network edge: a local HTTP server
 * answering in the shapes of PayPal's Orders v2 reference (create, get, capture, the 422 with
 * PAYEE_ACCOUNT_RESTRICTED, 5xx, a hang), reached through `apiBase` as PAYPAL_API_BASE would point it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaypalWalletProvider, PaypalUnavailableError } from './paypal-wallet-provider';

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  capture?: { id: string; status: 'COMPLETED' | 'REFUNDED' | 'PARTIALLY_REFUNDED' };
}

/** Our order's capture key, as place-order derives it from the order's public id; one order per test. */
let KEY = '';
let orderCount = 0;

/** What the fake saw and what it should do next. */
const fake = {
  orders: new Map<string, FakeOrder>(),
  /** Captures by PayPal-Request-Id: the same id answers the same capture, as PayPal's idempotency does. */
  captures: new Map<string, string>(),
  requests: [] as { method: string; path: string; headers: IncomingMessage['headers']; body: string }[],
  tokenCalls: 0,
  captureMode: 'ok' as 'ok' | 'restricted' | 'server-error' | 'hang',
};

let server: Server;
let apiBase = '';

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (path === '/v1/oauth2/token') {
        fake.tokenCalls++;
        const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
        if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client' });
        return send(res, 200, { access_token: 'A21AAFake', token_type: 'Bearer', expires_in: 32400 });
      }
      if (req.headers.authorization !== 'Bearer A21AAFake')
        return send(res, 401, { name: 'AUTHENTICATION_FAILURE' });
      if (req.method === 'POST' && path === '/v2/checkout/orders') {
        const parsed = JSON.parse(body) as { purchase_units: { amount: FakeOrder['amount'] }[] };
        const id = `5O190127TN${String(fake.orders.size).padStart(6, '0')}`;
        const amount = parsed.purchase_units[0]?.amount ?? { currency_code: 'USD', value: '0' };
        fake.orders.set(id, { id, status: 'CREATED', amount });
        return send(res, 201, {
          id,
          status: 'CREATED',
          links: [{ rel: 'approve', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }],
        });
      }
      const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
      const order = match?.[1] ? fake.orders.get(decodeURIComponent(match[1])) : undefined;
      if (!order)
        return send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (req.method === 'GET')
        return send(res, 200, {
          id: order.id,
          status: order.status,
          purchase_units: [
            {
              amount: order.amount,
              ...(order.capture
                ? { payments: { captures: [{ ...order.capture, amount: order.amount }] } }
                : {}),
            },
          ],
        });
      if (fake.captureMode === 'hang') return; // never answers
      if (fake.captureMode === 'server-error') return send(res, 500, { name: 'INTERNAL_SERVER_ERROR' });
      if (fake.captureMode === 'restricted') {
        return send(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'PAYEE_ACCOUNT_RESTRICTED', description: 'PAYEE_ACCOUNT_RESTRICTED' }],
          debug_id: 'f2f5b1c6c5b1e',
        });
      }
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      let captureId = fake.captures.get(requestId);
      if (!captureId) {
        if (order.status === 'COMPLETED') {
          return send(res, 422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }],
          });
        }
        if (order.status !== 'APPROVED') {
          return send(res, 422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [
              {
                issue: 'ORDER_NOT_APPROVED',
                description: 'Payer has not yet approved the Order for payment.',
              },
            ],
          });
        }
        captureId = `3C679366HH${String(fake.captures.size).padStart(6, '0')}`;
        fake.captures.set(requestId, captureId);
        order.status = 'COMPLETED';
        order.capture = { id: captureId, status: 'COMPLETED' };
      }
      return send(res, 201, {
        id: order.id,
        status: 'COMPLETED',
        purchase_units: [
          { payments: { captures: [{ id: captureId, status: 'COMPLETED', amount: order.amount }] } },
        ],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  KEY = `order-Q7KX2M9P4R8T${String(++orderCount).padStart(4, '0')}`;
  fake.captureMode = 'ok';
  fake.requests.length = 0;
});

const provider = (timeoutMs = 2_000) =>
  createPaypalWalletProvider({ clientId: 'client-id', clientSecret: 'client-secret', apiBase, timeoutMs });

async function approvedOrder(p: ReturnType<typeof provider>, amountCents: number) {
  const { walletOrderId } = await p.createOrder({ amountCents, currency: 'AUD' });
  const order = fake.orders.get(walletOrderId);
  if (!order) throw new Error('fake lost the order');
  order.status = 'APPROVED'; // the buyer approves on PayPal's site
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
    const p = createPaypalWalletProvider({ clientId: 'client-id', clientSecret: 'wrong', apiBase });
    await expect(p.createOrder({ amountCents: 100, currency: 'AUD' })).rejects.toBeInstanceOf(
      PaypalUnavailableError,
    );
  });
});
