/**
 * The one way the web app talks to the API (DESIGN §1): requests go to `/api`, bodies are JSON, and any
 * 4xx/5xx answer becomes an `ApiError` carrying the status and the server's `message`.
 * Every answer goes through a `Schema`: `served<T>()` for the API's own answers (decision 0005: the server
 * validates each answer against the shared zod schema before sending it, so the browser does not ship zod
 * to check it again), or a real validator where the data comes from elsewhere.
 * A 429 answer also sends the shopper to the too-many-requests page (SPEC §8, lib/too-many-requests.ts).
 * While a member is signed in every call carries `Authorization: Bearer <token>` (SPEC §7); a 401 answer
 * to a member call (`member: true`) ends the session and goes to /signin (SPEC §4, §6).
 */
import { getSessionToken, sessionRefused } from '@/stores/session-store';
import { redirectToTooManyRequests } from './too-many-requests';

export const API_BASE = '/api';

/**
 * How requests are sent: the browser's `fetch`, or, while the server renders a page (entry-server.tsx), the
 * store's own API answering in the same process.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

/** Server rendering only: sends every API request through `send` instead of the network. */
export function setApiTransport(send: (url: string, init: RequestInit) => Promise<Response>): void {
  transport = send;
}

/** Anything that validates unknown data into a T: a zod schema, or `envelope(schema)`. */
export interface Schema<T> {
  parse(input: unknown): T;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** A 400's `errors: [{ field, message }]`, when the server named the fields. */
  readonly fieldErrors: { field: string; message: string }[] | undefined;

  constructor(status: number, message: string, fieldErrors?: { field: string; message: string }[]) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** A member-only call: a 401 answer signs out and goes to /signin. */
  member?: boolean;
  /** Send this bearer token instead of the session's (null: send none). */
  token?: string | null;
}

/** HTTP 401: the bearer token is missing, expired or revoked. */
export const UNAUTHORIZED_STATUS = 401;

/** The Authorization header for a token, or none. */
export function bearerHeaders(token: string | null = getSessionToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Builds `/api/<path>?<query>` from a path such as `/latest-products`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorMessage(body: unknown, response: Response): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return response.statusText || `Request failed with status ${response.status}`;
}

function fieldErrorsOf(body: unknown): { field: string; message: string }[] | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) {
    return undefined;
  }
  return body.errors.filter(
    (e): e is { field: string; message: string } =>
      typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
  );
}

/** HTTP 429 Too Many Requests (SPEC §8). */
export const TOO_MANY_REQUESTS_STATUS = 429;

/**
 * Calls the API and returns its answer read through `schema`. Throws an `ApiError` (status and the server's
 * message) for any 4xx/5xx; a 429 first redirects to /too-many-requests (at most once in 45 s, SPEC §8, §9).
 */
export async function apiRequest<T>(
  path: string,
  schema: Schema<T>,
  options: ApiRequestOptions = {},
): Promise<T> {
  const { method = 'GET', query, body, signal, member = false } = options;
  const token = options.token === undefined ? getSessionToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...bearerHeaders(token) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await transport(apiUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const json = await readJson(response);
  if (!response.ok) {
    if (response.status === TOO_MANY_REQUESTS_STATUS) redirectToTooManyRequests();
    if (response.status === UNAUTHORIZED_STATUS && member && token !== null) sessionRefused();
    throw new ApiError(response.status, errorMessage(json, response), fieldErrorsOf(json));
  }
  return schema.parse(json);
}

/**
 * An answer of our own API, typed by the shared schema's type. The server's zod serializer has already
 * checked it against that schema (decision 0005), so the browser reads it as served.
 */
export function served<T>(): Schema<T> {
  return { parse: (input) => input as T };
}

/** The API wraps each answer as `{ "data": ... }`; this validates the envelope and what is inside it. */
export function envelope<T>(inner: Schema<T>): Schema<T> {
  return {
    parse(input) {
      if (typeof input !== 'object' || input === null || !('data' in input)) {
        throw new TypeError('Expected the API answer to be an object with a "data" field');
      }
      return inner.parse(input.data);
    },
  };
}
