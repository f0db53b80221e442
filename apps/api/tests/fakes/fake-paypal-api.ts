/**
 * PayPal's REST API faked at the network edge (issue 10 contract tests): a local HTTP server answering in the
 * shapes of PayPal's Orders v2 and Webhooks references — OAuth token, create / get / capture an order (with
 * PayPal-Request-Id idempotency, ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, the 422 with
 * PAYEE_ACCOUNT_RESTRICTED, a 5xx and a hang), refund a capture (Payments v2, with PayPal-Request-Id
 * idempotency and REFUND_AMOUNT_EXCEEDED; issue 12; its refunds listed in the order's details with their
 * custom_id, issue 43) and verify-webhook-signature — reached through
 * PAYPAL_API_BASE.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_PAYPAL_CLIENT_ID = 'client-id';
export const FAKE_PAYPAL_CLIENT_SECRET = 'client-secret';
/** The only transmission signature the fake's verify-webhook-signature answers SUCCESS for. */
export const FAKE_PAYPAL_SIGNATURE = 'fake-paypal-transmission-signature';

export interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  capture?: { id: string; status: 'COMPLETED' | 'REFUNDED' | 'PARTIALLY_REFUNDED' };
  /** Cents refunded from the capture so far. */
  refundedCents?: number;
}

export interface FakePaypalRefund {
  id: string;
  captureId: string;
  amount: { currency_code: string; value: string };
  noteToPayer: string | null;
  /** The caller's external id (issue 43: findRefund looks for our key there). */
  customId: string | null;
}

export interface FakePaypalApi {
  apiBase: string;
  orders: Map<string, FakeOrder>;
  /** Captures by PayPal-Request-Id: the same id answers the same capture, as PayPal's idempotency does. */
  captures: Map<string, string>;
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  tokenCalls: number;
  captureMode: 'ok' | 'restricted' | 'server-error' | 'hang';
  /** Refunds by PayPal-Request-Id: the same id answers the same refund. */
  refunds: Map<string, FakePaypalRefund>;
  refundMode: 'ok' | 'server-error';
  /** The buyer approves the order on PayPal's site. */
  approve(id: string): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakePaypalApi(): Promise<FakePaypalApi> {
  const fake: FakePaypalApi = {
    apiBase: '',
    orders: new Map(),
    captures: new Map(),
    requests: [],
    tokenCalls: 0,
    captureMode: 'ok',
    refunds: new Map(),
    refundMode: 'ok',
    approve(id) {
      const order = fake.orders.get(id);
      if (!order) throw new Error(`no PayPal order ${id}`);
      order.status = 'APPROVED';
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (path === '/v1/oauth2/token') {
        fake.tokenCalls++;
        const expected = `Basic ${Buffer.from(`${FAKE_PAYPAL_CLIENT_ID}:${FAKE_PAYPAL_CLIENT_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client' });
        return send(res, 200, { access_token: 'A21AAFake', token_type: 'Bearer', expires_in: 32400 });
      }
      if (req.headers.authorization !== 'Bearer A21AAFake')
        return send(res, 401, { name: 'AUTHENTICATION_FAILURE' });
      if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        // PayPal checks the signature over the event as sent; the fake accepts one known signature and
        // needs the event itself in the request.
        const asked = JSON.parse(body) as { transmission_sig?: string; webhook_event?: { id?: string } };
        const ok =
          asked.transmission_sig === FAKE_PAYPAL_SIGNATURE && typeof asked.webhook_event?.id === 'string';
        return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      }
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
      const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
      if (req.method === 'POST' && refundPath)
        return refund(req, res, decodeURIComponent(refundPath[1] ?? ''), body);
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
                ? {
                    payments: {
                      captures: [{ ...order.capture, amount: order.amount }],
                      // Orders v2 lists the capture's refunds beside it (issue 43: findRefund).
                      ...(refundsOf(order.capture.id).length > 0
                        ? { refunds: refundsOf(order.capture.id) }
                        : {}),
                    },
                  }
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
  /** A capture's refunds in the Refund object's shape of Payments v2. */
  function refundsOf(captureId: string) {
    return [...fake.refunds.values()]
      .filter((r) => r.captureId === captureId)
      .map((r) => ({
        id: r.id,
        status: 'COMPLETED',
        amount: r.amount,
        ...(r.customId ? { custom_id: r.customId } : {}),
      }));
  }

  function refund(req: IncomingMessage, res: ServerResponse, captureId: string, body: string) {
    if (fake.refundMode === 'server-error') return send(res, 500, { name: 'INTERNAL_SERVER_ERROR' });
    const requestId = String(req.headers['paypal-request-id'] ?? '');
    const answer = (r: FakePaypalRefund) =>
      send(res, 201, {
        id: r.id,
        status: 'COMPLETED',
        amount: r.amount,
        links: [{ rel: 'up', href: `${fake.apiBase}/v2/payments/captures/${captureId}`, method: 'GET' }],
      });
    const earlier = fake.refunds.get(requestId);
    if (earlier) return answer(earlier);
    const order = [...fake.orders.values()].find((o) => o.capture?.id === captureId);
    if (!order?.capture)
      return send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    const asked = JSON.parse(body || '{}') as {
      amount?: { currency_code: string; value: string };
      note_to_payer?: string;
      custom_id?: string;
    };
    const total = Math.round(Number(order.amount.value) * 100);
    const left = total - (order.refundedCents ?? 0);
    const cents = asked.amount ? Math.round(Number(asked.amount.value) * 100) : left;
    if (left === 0) {
      return send(res, 422, {
        name: 'UNPROCESSABLE_ENTITY',
        details: [
          { issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded.' },
        ],
      });
    }
    if (
      asked.amount?.currency_code !== undefined &&
      asked.amount.currency_code !== order.amount.currency_code
    ) {
      return send(res, 422, {
        name: 'UNPROCESSABLE_ENTITY',
        details: [
          {
            issue: 'REFUND_CAPTURE_CURRENCY_MISMATCH',
            description: 'Refund must be in the capture currency.',
          },
        ],
      });
    }
    if (!(cents > 0) || cents > left) {
      return send(res, 422, {
        name: 'UNPROCESSABLE_ENTITY',
        details: [
          {
            issue: 'REFUND_AMOUNT_EXCEEDED',
            description:
              'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          },
        ],
      });
    }
    const made: FakePaypalRefund = {
      id: `1JU08902781691411${String(fake.refunds.size).padStart(3, '0')}`,
      captureId,
      amount: { currency_code: order.amount.currency_code, value: (cents / 100).toFixed(2) },
      noteToPayer: asked.note_to_payer ?? null,
      customId: asked.custom_id ?? null,
    };
    fake.refunds.set(requestId, made);
    order.refundedCents = (order.refundedCents ?? 0) + cents;
    order.capture.status = order.refundedCents === total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return answer(made);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
