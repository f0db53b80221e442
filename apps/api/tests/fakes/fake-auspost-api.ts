/**
 * Australia Post's Postage Assessment Calculator faked at the network edge (issue 41 §4): a local HTTP server
 * answering `GET /postage/parcel/domestic/calculate.json?from_postcode&to_postcode&length&width&height&weight
 * &service_code` (cm, kg; AUS_PARCEL_REGULAR or AUS_PARCEL_EXPRESS) with header `AUTH-KEY`, in the documented shapes:
 * `{"postage_result":{"service":"Parcel Post","delivery_time":"Delivered in up to 4 business days",
 * "total_cost":"16.15","costs":{"cost":{"charge":"16.15","item":"Parcel Post"}}}}`, and errors as
 * `{"error":{"errorMessage":"..."}}` (a wrong key 403, a bad parameter 400, over 22 kg 400).
 *
 * It prices by its own published rule (`fakeAusPostCents`: a base per service plus a price per started kilogram,
 * dearer to another state by the post code's first digit), so tests compute what Australia Post would charge.
 * `fail` makes it answer 500 with an error body; `hang` makes it never answer (timeouts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_AUSPOST_KEY = 'fake-auspost-key';

/** The fake's price list, cents inc. GST. */
export const FAKE_AUSPOST_PRICES = {
  AUS_PARCEL_REGULAR: { base: 995, perKgSameState: 250, perKgInterstate: 450 },
  AUS_PARCEL_EXPRESS: { base: 1495, perKgSameState: 400, perKgInterstate: 700 },
} as const;

/** What the fake charges (cents): base + per started kilogram, by whether the post codes share a first digit. */
export function fakeAusPostCents(
  fromPostCode: string,
  toPostCode: string,
  weightKg: number,
  service: keyof typeof FAKE_AUSPOST_PRICES,
): number {
  const p = FAKE_AUSPOST_PRICES[service];
  const sameState = fromPostCode[0] === toPostCode[0];
  return p.base + Math.ceil(weightKg) * (sameState ? p.perKgSameState : p.perKgInterstate);
}

export interface FakeAusPostRequest {
  path: string;
  query: Record<string, string>;
  authKey: string | undefined;
}

export interface FakeAusPostApi {
  baseUrl: string;
  requests: FakeAusPostRequest[];
  fail: boolean;
  hang: boolean;
  close(): Promise<void>;
}

export async function startFakeAusPostApi(): Promise<FakeAusPostApi> {
  const requests: FakeAusPostRequest[] = [];
  const state = { fail: false, hang: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const authKey = req.headers['auth-key'];
    requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authKey: typeof authKey === 'string' ? authKey : undefined,
    });
    if (state.hang) return;
    if (url.pathname !== '/postage/parcel/domestic/calculate.json') {
      answer(404, { error: { errorMessage: 'Resource not found' } });
      return;
    }
    if (authKey !== FAKE_AUSPOST_KEY) {
      answer(403, { error: { errorMessage: 'Invalid or missing AUTH-KEY' } });
      return;
    }
    if (state.fail) {
      answer(500, { error: { errorMessage: 'An internal error occurred. Please try again later.' } });
      return;
    }
    const q = url.searchParams;
    const from = q.get('from_postcode') ?? '';
    const to = q.get('to_postcode') ?? '';
    const weight = Number(q.get('weight'));
    const service = q.get('service_code');
    const sizes = ['length', 'width', 'height'].map((k) => Number(q.get(k)));
    if (!/^\d{4}$/.test(from))
      return answer(400, { error: { errorMessage: 'Please enter a valid From postcode.' } });
    if (!/^\d{4}$/.test(to))
      return answer(400, { error: { errorMessage: 'Please enter a valid To postcode.' } });
    if (!(weight > 0) || sizes.some((s) => !(s > 0)))
      return answer(400, { error: { errorMessage: 'Please enter a valid weight and dimensions.' } });
    if (weight > 22)
      return answer(400, { error: { errorMessage: 'The maximum weight of a parcel is 22 kg.' } });
    if (service !== 'AUS_PARCEL_REGULAR' && service !== 'AUS_PARCEL_EXPRESS')
      return answer(400, { error: { errorMessage: 'Please enter a valid service code.' } });
    const cents = fakeAusPostCents(from, to, weight, service);
    const cost = (cents / 100).toFixed(2);
    const item = service === 'AUS_PARCEL_REGULAR' ? 'Parcel Post' : 'Express Post';
    answer(200, {
      postage_result: {
        service: item,
        delivery_time:
          service === 'AUS_PARCEL_REGULAR'
            ? 'Delivered in up to 4 business days'
            : 'Guaranteed Next Business Day within the Express Post network',
        total_cost: cost,
        costs: { cost: { charge: cost, item } },
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get fail() {
      return state.fail;
    },
    set fail(v: boolean) {
      state.fail = v;
    },
    get hang() {
      return state.hang;
    },
    set hang(v: boolean) {
      state.hang = v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
