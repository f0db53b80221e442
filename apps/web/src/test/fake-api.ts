/**
 * The web tests' fake API (issue 35 §4), on Mock Service Worker (msw/node, DESIGN §8: the network faked only at its
 * edge): a test describes the answers it needs once, as a table of `'METHOD /api/path'` to an answer, and every
 * other request fails the test. The app's own client (lib/api-client.ts), its 429 and 401 handling and the
 * browser's fetch run as in the shop; only the server is fake.
 *
 * - A table value that is a function is a handler: it gets the request (URL, method, JSON body) and answers
 *   `json(body, status)` or any `Response`; `undefined` means "not this one" and counts as unhandled.
 *   Any other value is served as a 200 JSON body.
 * - Paths match msw's way, without the query string: `'GET /api/products/:sku'` gives `params.sku`.
 * - The frame's own requests are answered unless the table says otherwise: `GET /api/store-config` with the test
 *   store's settings (makeStoreConfig), `GET /api/categories` with no categories, `GET /api/social-links` with none,
 *   `GET /api/products/:id/availability` with 404 (the product page then shows its one stock line), and the
 *   checkout's `POST /api/delivery-options` with a 503 (standard delivery at the cart's rule).
 * - A request nobody answers is refused (fetch rejects) and fails the test after it, naming the request, even when
 *   the app swallowed the error: a page that asks for something unexpected cannot pass by showing nothing.
 *
 * Importing this module registers the server's hooks in the test file (listen, check and reset after each test,
 * close). msw 2, not 3: msw 3 needs Node 22, and the store stays on Node 20 (DESIGN §2).
 */
import { http, type DefaultBodyType, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { makeStoreConfig } from './fixtures';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request the fake API saw: its method, full URL and body (parsed JSON, else text; null when empty). */
export interface ApiRequest {
  method: string;
  url: URL;
  params: PathParams;
  body: unknown;
  /** The request itself, for headers or a multipart body. */
  request: Request;
}

export type ApiHandler = (request: ApiRequest) => Response | undefined | Promise<Response | undefined>;

/** A JSON body served as is with 200. */
export type ApiBody = object | string | number | boolean | null;

/** `'GET /api/brands'` to a handler or a 200 JSON body. */
export type ApiTable = Record<`${ApiMethod} /${string}`, ApiHandler | ApiBody>;

/** A JSON answer, as the API sends them. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** What the shop's frame asks on every page: its settings, the menu's categories and the footer's links. */
const DEFAULT_TABLE: ApiTable = {
  'GET /api/store-config': () => json({ data: makeStoreConfig() }),
  'GET /api/categories': { data: [] },
  'GET /api/social-links': { data: {} },
  // Issue 41: the checkout asks for its delivery options; a test that does not describe them gets none, and the
  // checkout falls back to standard delivery at the cart's rule (as when the quote cannot be had).
  'POST /api/delivery-options': () => json({ message: 'No delivery options in this test.' }, 503),
  // The product page's stock by location (issue 41 §1): unknown unless a test says, so the page shows its one line.
  'GET /api/products/:id/availability': () => json({ message: 'No product with this id.' }, 404),
};

const server = setupServer();
let seen: ApiRequest[] = [];
let unhandled: string[] = [];

const describeRequest = (request: Request) => {
  const url = new URL(request.url);
  return `${request.method} ${url.pathname}${url.search}`;
};

async function readBody(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(describeRequest(request));
      print.error();
    },
  }),
);
afterEach(() => {
  // Unmounted first: a failing check must not leave this test's page under the next one's.
  cleanup();
  const missed = unhandled;
  unhandled = [];
  seen = [];
  server.resetHandlers();
  if (missed.length > 0)
    throw new Error(
      `The fake API had no answer for:\n  ${missed.join('\n  ')}\nAdd them to the test's api table.`,
    );
});
afterAll(() => server.close());

function toHandlers(table: ApiTable) {
  return Object.entries(table).map(([key, value]) => {
    const match = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(key);
    if (!match) throw new Error(`Not a 'METHOD /path' key of the api table: ${key}`);
    const method = match[1]!.toLowerCase() as Lowercase<ApiMethod>;
    return http[method]<PathParams, DefaultBodyType>(match[2]!, async ({ request, params }) => {
      const entry: ApiRequest = {
        method: request.method,
        url: new URL(request.url),
        params,
        body: null,
        request,
      };
      seen.push(entry);
      entry.body = await readBody(request);
      if (typeof value !== 'function') return json(value);
      const answer = await value(entry);
      if (answer) return answer;
      unhandled.push(describeRequest(request));
      return Response.error();
    });
  });
}

export interface FakeApi {
  /** Every request answered so far in this test, oldest first. */
  readonly requests: readonly ApiRequest[];
  /** The requests answered for `pathname` (`'/api/shop'`), oldest first. */
  requestsTo(pathname: string): ApiRequest[];
  /** Adds or replaces answers for the rest of the test (a later answer wins over the first table's). */
  answer(table: ApiTable): void;
}

/** Serves `table` (with the default store settings) for the current test; see the module's note. */
export function fakeApi(table: ApiTable = {}): FakeApi {
  server.resetHandlers(...toHandlers({ ...DEFAULT_TABLE, ...table }));
  return {
    get requests() {
      return seen;
    },
    requestsTo: (pathname) => seen.filter((r) => r.url.pathname === pathname),
    answer(more) {
      server.use(...toHandlers(more));
    },
  };
}
