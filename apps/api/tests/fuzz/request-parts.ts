/**
 * A request before it is written out: path parameters, query entries (in order, repeats allowed), declared
 * headers and the body, as values the mutations can still find and change field by field.
 */

export type RequestBody =
  | { kind: 'none' }
  /** A JSON value, written by `jsonText` (so `__proto__` keys and exact number text survive). */
  | { kind: 'json'; value: unknown }
  /** Body text sent as it is (malformed JSON, an empty body, 2 MB). */
  | { kind: 'text'; text: string };

export interface RequestParts {
  pathParams: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body: RequestBody;
  /** The Content-Type header: undefined sends `application/json` when there is a body, null sends none. */
  contentType?: string | null | undefined;
}

export const NO_BODY: RequestBody = { kind: 'none' };
