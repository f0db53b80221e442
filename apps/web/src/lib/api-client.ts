/**
 * The one way the web app talks to the API (DESIGN §1, issue 35 §2): every request goes to `/api` through this
 * module, and nothing else in the app calls `fetch` (eslint.config.js). Bodies are JSON, or multipart when the
 * body is a `FormData` (uploads); answers are JSON read through a `Schema` (`apiRequest`) or a file (`apiFile`).
 * Any 4xx/5xx answer becomes an `ApiError` carrying the status, the server's `message` and the parsed body.
 * JSON answers go through a `Schema`: `served<T>()` for the API's own answers (decision 0005: the server
 * validates each answer against the shared zod schema before sending it, so the browser does not ship zod
 * to check it again), or a real validator where the data comes from elsewhere.
 * A 429 answer also sends the shopper to the too-many-requests page (SPEC §8, lib/too-many-requests.ts).
 * While a member is signed in every call carries `Authorization: Bearer <token>` (SPEC §7); a 401 answer
 * to a member call (`member: true`) ends the session and goes to /signin (SPEC §4, §6). The back office's
 * calls add their own 401/403 handling on top (features/admin/admin-request.ts).
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

/** A 400's `errors: [{ field, message }]`, when the server named the fields. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * A 4xx/5xx answer: `status`, the server's `message` (or a fallback when it sent none), the 400's field errors,
 * and `body`, the whole error answer parsed as JSON (undefined when it was empty or not JSON, e.g. a proxy's
 * HTML page), for calls whose errors carry more than a message (place-order's `code`, `client_secret`, ...).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** A 400's `errors: [{ field, message }]`, when the server named the fields. */
  readonly fieldErrors: FieldError[] | undefined;
  /** The error answer parsed as JSON; undefined when it was empty or not JSON. */
  readonly body: unknown;

  constructor(status: number, message: string, fieldErrors?: FieldError[], body?: unknown) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /**
   * A `FormData` is sent as multipart/form-data (the browser writes the Content-Type with its boundary, so none
   * is set here); anything else is sent as JSON.
   */
  body?: unknown;
  /** Extra request headers, e.g. `Idempotency-Key` (they cannot replace Accept, Content-Type or the bearer). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A member-only call: a 401 answer signs out and goes to /signin. */
  member?: boolean;
  /** Send this bearer token instead of the session's (null: send none). */
  token?: string | null;
  /**
   * The `ApiError` message when an error answer carries none (a proxy's page, an empty body), by status;
   * undefined, or answering undefined: the status text, else `Request failed with status <status>`.
   */
  fallbackMessage?: (status: number) => string | undefined;
}

/** HTTP 401: the bearer token is missing, expired or revoked. */
export const UNAUTHORIZED_STATUS = 401;

/** The Authorization header for a token, or none. */
function bearerHeaders(token: string | null): Record<string, string> {
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

function errorMessage(
  body: unknown,
  response: Response,
  fallback: ApiRequestOptions['fallbackMessage'],
): string {
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message.trim() !== ''
  ) {
    return body.message;
  }
  return (
    fallback?.(response.status) ?? (response.statusText || `Request failed with status ${response.status}`)
  );
}

function fieldErrorsOf(body: unknown): FieldError[] | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) {
    return undefined;
  }
  return body.errors.filter(
    (e): e is FieldError =>
      typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
  );
}

/** HTTP 429 Too Many Requests (SPEC §8). */
export const TOO_MANY_REQUESTS_STATUS = 429;

/**
 * Sends one request and answers the 2xx `Response`, unread. An error answer is read, handled (a 429 redirects
 * to /too-many-requests, a member's 401 ends the session) and thrown as an `ApiError`. No answer at all
 * rejects with the transport's error (fetch's TypeError, or the AbortError of `signal`).
 */
async function send(path: string, options: ApiRequestOptions, accept: string | undefined): Promise<Response> {
  const { method = 'GET', query, body, signal, member = false, fallbackMessage } = options;
  const token = options.token === undefined ? getSessionToken() : options.token;
  const multipart = body instanceof FormData;
  const headers: Record<string, string> = {
    ...options.headers,
    ...(accept ? { Accept: accept } : {}),
    ...(body !== undefined && !multipart ? { 'Content-Type': 'application/json' } : {}),
    ...bearerHeaders(token),
  };

  const response = await transport(apiUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    signal,
  });
  if (response.ok) return response;

  const json = await readJson(response);
  if (response.status === TOO_MANY_REQUESTS_STATUS) redirectToTooManyRequests();
  if (response.status === UNAUTHORIZED_STATUS && member && token !== null) sessionRefused();
  throw new ApiError(
    response.status,
    errorMessage(json, response, fallbackMessage),
    fieldErrorsOf(json),
    json,
  );
}

/**
 * Calls the API and returns its JSON answer read through `schema` (an empty or non-JSON answer reads as
 * undefined). Throws an `ApiError` (status, the server's message, the parsed body) for any 4xx/5xx; a 429 first
 * redirects to /too-many-requests (at most once in 45 s, SPEC §8, §9).
 */
export async function apiRequest<T>(
  path: string,
  schema: Schema<T>,
  options: ApiRequestOptions = {},
): Promise<T> {
  const response = await send(path, options, 'application/json');
  return schema.parse(await readJson(response));
}

/** A file the API answered: its bytes, the name to save it under and its media type. */
export interface ApiFile {
  blob: Blob;
  /** From `Content-Disposition` (`filename*` first, RFC 6266), else the caller's `fallbackName`. */
  fileName: string;
  /** The answer's `Content-Type`, e.g. `application/pdf` or `text/csv; charset=utf-8`. */
  contentType: string;
}

/** The name a `Content-Disposition` header gives (RFC 6266: `filename*` first), or `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] || fallback;
}

/**
 * Calls the API for a file (a PDF, a CSV, a customer's upload) and answers its bytes as a Blob with the name
 * and type the server gave; `fallbackName` when it named none. Errors as `apiRequest`: an `ApiError` with the
 * server's message for any 4xx/5xx, after the 429 and member 401 handling.
 */
export async function apiFile(
  path: string,
  options: ApiRequestOptions & { fallbackName: string },
): Promise<ApiFile> {
  const { fallbackName, ...request } = options;
  // No Accept: the route decides the file's type, as a plain link to it would.
  const response = await send(path, request, undefined);
  const fileName = attachmentFileName(response.headers.get('content-disposition'), fallbackName);
  const blob = await response.blob();
  return { blob, fileName, contentType: response.headers.get('content-type') ?? blob.type };
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
