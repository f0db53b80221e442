/**
 * One request as it is sent to `app.inject`: method, percent-encoded URL, headers, body text and client
 * address, with the mutations that made it. Prints readably in fast-check's counterexample report (long runs
 * of one character folded, control characters and lone surrogates written as `\uXXXX`), so a failure can be
 * replayed by hand.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { jsonText } from './json-text';
import type { Operation } from './list-operations';
import { percentEncode } from './percent-encode';
import type { RequestParts } from './request-parts';

/** Runs of one character longer than this are printed as `‹'a' × 100000›`. */
const FOLD_RUNS_LONGER_THAN = 40;
const PRINT_AT_MOST = 4_000;

export class FuzzRequest {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly payload: string | undefined,
    readonly remoteAddress: string,
    readonly mutations: string[],
  ) {}

  static render(
    operation: Operation,
    parts: RequestParts,
    remoteAddress: string,
    mutations: string[],
  ): FuzzRequest {
    const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      percentEncode(parts.pathParams[name] ?? ''),
    );
    const query = parts.query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
    const payload =
      parts.body.kind === 'json'
        ? jsonText(parts.body.value)
        : parts.body.kind === 'text'
          ? parts.body.text
          : undefined;
    const contentType =
      parts.contentType === undefined
        ? payload === undefined
          ? null
          : 'application/json'
        : parts.contentType;
    const headers = { ...parts.headers, ...(contentType === null ? {} : { 'content-type': contentType }) };
    return new FuzzRequest(
      operation.method,
      query === '' ? path : `${path}?${query}`,
      headers,
      payload,
      remoteAddress,
      mutations,
    );
  }

  injectOptions(): InjectOptions {
    return {
      method: this.method as InjectOptions['method'],
      url: this.url,
      headers: this.headers,
      remoteAddress: this.remoteAddress,
      ...(this.payload === undefined ? {} : { payload: this.payload }),
    };
  }

  /** Everything the client sent, for telling an echo of the client's own text from a leak. */
  sentText(): string {
    return [this.url, decodeSafely(this.url), ...Object.values(this.headers), this.payload ?? ''].join('\n');
  }

  toString(): string {
    const lines = [`${this.method} ${this.url}`];
    for (const [name, value] of Object.entries(this.headers)) lines.push(`  ${name}: ${printable(value)}`);
    lines.push(`  (client address ${this.remoteAddress})`);
    if (this.payload !== undefined) {
      lines.push(`  body (${this.payload.length} chars): ${printable(this.payload)}`);
    }
    lines.push(`  mutations: ${this.mutations.length ? this.mutations.join('; ') : 'none'}`);
    return lines.join('\n');
  }

  [fc.toStringMethod](): string {
    return `\n${this.toString()}\n`;
  }
}

function decodeSafely(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

const hex = (c: string) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/** `text` for a report: long runs folded, controls and lone surrogates escaped, the rest cut at 4000 chars. */
export function printable(text: string): string {
  const folded = text.replace(
    new RegExp(`(.)\\1{${FOLD_RUNS_LONGER_THAN},}`, 'gsu'),
    (run, c: string) => `‹${JSON.stringify(c)} × ${run.length / c.length}›`,
  );
  const escaped = folded.replace(/\p{Cc}|\p{Cs}/gu, hex);
  return escaped.length > PRINT_AT_MOST
    ? `${escaped.slice(0, PRINT_AT_MOST)}… (${escaped.length - PRINT_AT_MOST} more)`
    : escaped;
}
