/**
 * Stripe's REST API faked at the network edge (issue 10 contract tests): a local HTTP server answering the
 * PaymentIntents calls the adapter makes, in the shapes of Stripe's API reference, reached through
 * STRIPE_API_BASE. It keeps Stripe's idempotency rule (the same Idempotency-Key answers the first response
 * again) so tests can prove a retried charge creates one PaymentIntent.
 *
 * Test payment methods, as Stripe's test mode names them: `pm_card_visa` succeeds, `pm_card_chargeDeclined`
 * is declined (402 card_error), `pm_card_authenticationRequired` needs 3-D Secure (requires_action until a
 * test calls `completeAuthentication` or `failAuthentication`).
 *
 * Afterpay and Zip (issue 40): a payment method whose id starts `pm_afterpay` or `pm_zip` has that type; the
 * PaymentIntent must allow it (`allowed_payment_method_types`, else 400 as Stripe refuses a payment method of a
 * type it does not allow) and carry a `return_url` (else 400); it answers `requires_action` with a
 * `redirect_to_url` next action until a test calls `approveRedirect` (the shopper approves on Afterpay's page:
 * succeeded, charged) or `declineRedirect` (back to requires_payment_method with the failure Stripe reports).
 *
 * Refunds (issue 12): POST /v1/refunds for a PaymentIntent's charge, refused (400 invalid_request_error) for
 * more than is left or a PaymentIntent without a charge; `mode = 'server-error'` makes it answer 500 too.
 * GET /v1/refunds?payment_intent= lists a PaymentIntent's refunds, newest first (issue 43: findRefund).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_51Store';

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status:
    | 'succeeded'
    | 'requires_action'
    | 'requires_payment_method'
    | 'processing'
    | 'requires_confirmation'
    | 'canceled';
  client_secret: string;
  payment_method: string;
  payment_method_types: string[];
  description: string | null;
  metadata: Record<string, string>;
  next_action: unknown;
  last_payment_error: { type: string; code: string; message: string } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  disputed: boolean;
  payment_intent: string;
  status: 'succeeded' | 'failed';
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded' | 'pending';
  created: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
}

/** What the next create call does: answer, return a 500, or hang after recording the PaymentIntent. */
export type FakeStripeMode = 'ok' | 'server-error' | 'hang-after-create';

export interface FakeStripeApi {
  apiBase: string;
  intents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  /** Refunds made through POST /v1/refunds, by id. */
  refunds: Map<string, FakeRefund>;
  requests: FakeStripeRequest[];
  mode: FakeStripeMode;
  /** The shopper passes 3-D Secure in the browser: the PaymentIntent succeeds. */
  completeAuthentication(id: string): void;
  /** The shopper fails 3-D Secure: the PaymentIntent goes back to requires_payment_method. */
  failAuthentication(id: string): void;
  /** The shopper approves an Afterpay or Zip payment on the provider's page: the PaymentIntent succeeds. */
  approveRedirect(id: string): void;
  /** The shopper declines (or the provider refuses) an Afterpay or Zip payment. */
  declineRedirect(id: string): void;
  /** Refunds `amount` cents (default all) of the PaymentIntent's charge. */
  refund(id: string, amount?: number): void;
  close(): Promise<void>;
}

/** The type of a fake payment method, by its id: `pm_afterpay…`, `pm_zip…`, else a card. */
export function fakePaymentMethodType(id: string): 'card' | 'afterpay_clearpay' | 'zip' {
  if (id.startsWith('pm_afterpay')) return 'afterpay_clearpay';
  if (id.startsWith('pm_zip')) return 'zip';
  return 'card';
}

/** What Stripe reports on a PaymentIntent when the shopper did not approve a redirect payment. */
export const REDIRECT_DECLINED =
  'The customer did not approve the PaymentIntent. Provide a new payment method to attempt to fulfill this PaymentIntent again.';

const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += (chunk as Buffer).toString();
  return body;
}

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const requests: FakeStripeRequest[] = [];
  /** Idempotency-Key -> the first answer, as Stripe keeps it for 24 hours. */
  const answered = new Map<string, { status: number; body: unknown }>();

  const chargeFor = (intent: FakePaymentIntent) => {
    const charge: FakeCharge = {
      id: `ch_${randomBytes(8).toString('hex')}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      payment_intent: intent.id,
      status: 'succeeded',
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
  };

  const withCharge = (intent: FakePaymentIntent, expand: boolean) =>
    expand && intent.latest_charge ? { ...intent, latest_charge: charges.get(intent.latest_charge) } : intent;

  const api: FakeStripeApi = {
    apiBase: '',
    intents,
    charges,
    refunds,
    requests,
    mode: 'ok',
    completeAuthentication(id) {
      const intent = intents.get(id);
      if (!intent || intent.status !== 'requires_action')
        throw new Error(`${id} is not waiting for 3-D Secure`);
      intent.status = 'succeeded';
      intent.next_action = null;
      chargeFor(intent);
    },
    failAuthentication(id) {
      const intent = intents.get(id);
      if (!intent || intent.status !== 'requires_action')
        throw new Error(`${id} is not waiting for 3-D Secure`);
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: AUTH_FAILED,
      };
    },
    approveRedirect(id) {
      const intent = intents.get(id);
      if (!intent || intent.status !== 'requires_action')
        throw new Error(`${id} is not waiting for approval`);
      intent.status = 'succeeded';
      intent.next_action = null;
      chargeFor(intent);
    },
    declineRedirect(id) {
      const intent = intents.get(id);
      if (!intent || intent.status !== 'requires_action')
        throw new Error(`${id} is not waiting for approval`);
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_payment_attempt_failed',
        message: REDIRECT_DECLINED,
      };
    },
    refund(id, amount) {
      const charge = charges.get(intents.get(id)?.latest_charge ?? '');
      if (!charge) throw new Error(`${id} has no charge`);
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
      charge.refunded = charge.amount_refunded === charge.amount;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = new URLSearchParams(raw);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, body });

      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        return send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
        });
      }
      // While hanging, a retry of the same request hangs too (the network is still down).
      if (api.mode === 'hang-after-create' && idempotencyKey && answered.has(idempotencyKey)) return;
      if (req.method === 'POST' && idempotencyKey && answered.has(idempotencyKey)) {
        const first = answered.get(idempotencyKey);
        if (first) return send(res, first.status, first.body);
      }
      const answer = (status: number, payload: unknown) => {
        if (req.method === 'POST' && idempotencyKey) answered.set(idempotencyKey, { status, body: payload });
        send(res, status, payload);
      };

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (api.mode === 'server-error') {
          return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        }
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const pm = body.get('payment_method') ?? '';
        const metadata: Record<string, string> = {};
        for (const [k, v] of body) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const intent: FakePaymentIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? '',
          status: 'succeeded',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          payment_method: pm,
          payment_method_types: body.getAll('allowed_payment_method_types[0]'),
          description: body.get('description'),
          metadata,
          next_action: null,
          last_payment_error: null,
          latest_charge: null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, intent);
        const pmType = fakePaymentMethodType(pm);
        const allowed = body.getAll('allowed_payment_method_types[0]');
        if (allowed.length > 0 && !allowed.includes(pmType)) {
          intents.delete(id);
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_invalid_parameter',
              message: `The provided PaymentMethod of type \`${pmType}\` is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${allowed.join(', ')}.`,
            },
          });
        }
        if (pmType !== 'card' && !body.get('return_url')) {
          intents.delete(id);
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'parameter_missing',
              param: 'return_url',
              message:
                'A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.',
            },
          });
        }
        let status = 200;
        let payload: unknown = intent;
        if (pmType !== 'card') {
          intent.status = 'requires_action';
          intent.next_action = {
            type: 'redirect_to_url',
            redirect_to_url: {
              url: `${api.apiBase}/redirect/${id}`,
              return_url: body.get('return_url'),
            },
          };
        } else if (pm === 'pm_card_visa') {
          chargeFor(intent);
        } else if (pm === 'pm_card_authenticationRequired') {
          intent.status = 'requires_action';
          intent.next_action = {
            type: 'use_stripe_sdk',
            use_stripe_sdk: { type: 'three_d_secure_redirect' },
          };
        } else {
          intent.status = 'requires_payment_method';
          const error = {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          };
          intent.last_payment_error = error;
          status = 402;
          payload = { error: { ...error, payment_intent: intent } };
        }
        if (api.mode === 'hang-after-create') {
          // Stripe did the work and keeps its answer for the key; only the answer never arrives.
          if (idempotencyKey) answered.set(idempotencyKey, { status, body: payload });
          return;
        }
        return answer(status, payload);
      }

      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        if (api.mode === 'server-error') {
          return send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        }
        const piId = body.get('payment_intent') ?? '';
        const intent = intents.get(piId);
        const charge = charges.get(intent?.latest_charge ?? '');
        if (!intent || !charge) {
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: intent ? 'charge_not_found' : 'resource_missing',
              message: intent
                ? `PaymentIntent ${piId} does not have a successful charge to refund.`
                : `No such payment_intent: '${piId}'`,
            },
          });
        }
        const left = charge.amount - charge.amount_refunded;
        const amount = body.has('amount') ? Number(body.get('amount')) : left;
        if (left === 0) {
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge ${charge.id} has already been refunded.`,
            },
          });
        }
        if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            },
          });
        }
        const metadata: Record<string, string> = {};
        for (const [k, v] of body) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const refund: FakeRefund = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount,
          currency: intent.currency,
          charge: charge.id,
          payment_intent: intent.id,
          reason: body.get('reason'),
          metadata,
          status: 'succeeded',
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded === charge.amount;
        if (api.mode === 'hang-after-create') {
          // The refund is made; only its answer never arrives (issue 43: reconciliation must find it).
          if (idempotencyKey) answered.set(idempotencyKey, { status: 200, body: refund });
          return;
        }
        return answer(200, refund);
      }

      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        // List all refunds (issue 43 findRefund): newest first, filtered by payment_intent, one page.
        const piId = url.searchParams.get('payment_intent');
        const data = [...refunds.values()]
          .filter((r) => piId === null || r.payment_intent === piId)
          .reverse()
          .slice(0, Number(url.searchParams.get('limit') ?? 10));
        return send(res, 200, { object: 'list', url: '/v1/refunds', has_more: false, data });
      }

      if (req.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
        // Stripe's search query language, the one form the adapter uses: metadata['key']:'value'.
        const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(url.searchParams.get('query') ?? '');
        const found = m ? [...intents.values()].filter((i) => i.metadata[m[1] ?? ''] === m[2]) : [];
        const expandCharge = url.searchParams.getAll('expand[0]').includes('data.latest_charge');
        return send(res, 200, {
          object: 'search_result',
          data: found.map((i) => withCharge(i, expandCharge)),
          has_more: false,
          next_page: null,
        });
      }

      const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(url.pathname);
      const intent = match?.[1] ? intents.get(match[1]) : undefined;
      if (!intent) {
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${match?.[1] ?? ''}'`,
          },
        });
      }
      const expand = url.searchParams.getAll('expand[0]').includes('latest_charge');
      if (req.method === 'GET') return send(res, 200, withCharge(intent, expand));
      if (req.method === 'POST' && match?.[2] === '/cancel') {
        if (intent.status === 'succeeded' || intent.status === 'processing') {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        intent.status = 'canceled';
        intent.next_action = null;
        return answer(200, intent);
      }
      if (req.method === 'POST' && match?.[2]) {
        if (intent.status === 'requires_confirmation') {
          intent.status = 'succeeded';
          chargeFor(intent);
        }
        return answer(200, intent);
      }
      return send(res, 404, {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}
