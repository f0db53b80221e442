/**
 * PayPal's REST API faked at the network edge (issue 10 contract tests): a local HTTP server answering in the
 * shapes of PayPal's Orders v2 and Webhooks references — OAuth token, create / get / capture an order (with
 * PayPal-Request-Id idempotency, ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, the 422 with
 * PAYEE_ACCOUNT_RESTRICTED, a 5xx and a hang) and verify-webhook-signature — reached through PAYPAL_API_BASE.
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
}

export interface FakePaypalApi {
  apiBase: string;
  orders: Map<string, FakeOrder>;
  /** Captures by PayPal-Request-Id: the same id answers the same capture, as PayPal's idempotency does. */
  captures: Map<string, string>;
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  tokenCalls: number;
  captureMode: 'ok' | 'restricted' | 'server-error' | 'hang';
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
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
