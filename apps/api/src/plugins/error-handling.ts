/**
 * One error shape for the whole API (SPEC §7 clients read `message`): 4xx answers say what to fix,
 * 5xx answers never leak stack traces or SQL and carry the request id that the log line has (DESIGN §5.9). A
 * database that cannot be reached or refuses connections is a 503 with Retry-After, not a 500 (issue 13; issue 43
 * §4; decision 0043): isDatabaseUnavailable says which errors those are.
 */
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '@store/shared/error-answers';
import { isDatabaseUnavailable } from '../db/is-database-unavailable';

/** Said with a 503 while the database cannot be reached (issue 13). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The store is briefly unavailable. Please try again in a few seconds.';
/** Seconds a client should wait before trying again after a 503. */
export const DATABASE_RETRY_AFTER_S = 5;

/** An error whose message is safe and useful to show to the caller; `errors` names the fields at fault. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: readonly FieldError[],
  ) {
    super(message);
  }
}

const A_OR_AN = (type: string) =>
  type === 'undefined' || type === 'null' ? type : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;

/**
 * zod's generic type messages name no field ('Invalid input: expected string, received number'); the ones
 * written for a field ('First name is required') are kept as they are.
 */
function plainTypeMessage(field: string, message: string): string {
  const name = field || 'The request';
  const typed = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (typed?.[1] && typed[2]) {
    return typed[2] === 'undefined'
      ? `${name} is required`
      : `${name} must be ${A_OR_AN(typed[1])}, not ${A_OR_AN(typed[2])}`;
  }
  if (message === 'Invalid input') return `${name} is not valid`;
  return message;
}

/** A JSON body that is an array, a string, a number or null where the route reads an object. */
export const BODY_NOT_AN_OBJECT = 'The request body must be a JSON object with the fields this call reads.';

export default fp(async (app) => {
  app.setErrorHandler((err, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { field, message: plainTypeMessage(field, v.message ?? 'is invalid') };
      });
      const where = err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'request');
      // A body that is not an object at all (an array, a string, null) gets one message, not zod's type jargon.
      if (
        where === 'body' &&
        issues.some((i) => i.field === '' && /^The request must be an object/.test(i.message))
      ) {
        return reply
          .status(400)
          .send({ message: BODY_NOT_AN_OBJECT, errors: [{ field: '', message: BODY_NOT_AN_OBJECT }] });
      }
      const first = issues[0];
      // Body messages are written for shoppers ('Cart is empty. ...', 'First name is required'), so they are
      // shown as they are; query and header messages name their parameter and read better with the prefix.
      const message = !first
        ? `Invalid ${where}`
        : where === 'body'
          ? first.message
          : `Invalid ${where}: ${first.message}`;
      return reply.status(400).send({
        message,
        errors: issues,
      });
    }
    if (err instanceof HttpError) {
      // Every 503 says when to try again (a webhook's 'deliver it later' too), as the README promises.
      if (err.statusCode === 503 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      }
      return reply
        .status(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    }
    const e = err as { statusCode?: unknown; message?: unknown };
    const status = typeof e.statusCode === 'number' && e.statusCode >= 400 ? e.statusCode : 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type) carry a readable message.
      return reply.status(status).send({ message: String(e.message ?? 'Bad request') });
    }
    if (isDatabaseUnavailable(err)) {
      // Not a bug to page anyone about per request: the database is away, and the pool reconnects by itself.
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE, request_id: request.id });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(status).send({
      message: 'Something went wrong on our side. Please try again in a moment.',
      request_id: request.id,
    });
  });
});
