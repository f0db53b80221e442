/**
 * Requests built from an operation's schemas alone: every path parameter, the required query parameters and
 * headers (the optional ones now and then), and the JSON body. Valid for the schemas, which is all that a route
 * without a known-good entry gets.
 */
import fc from 'fast-check';
import { jsonSchemaArbitrary } from './json-schema-arbitrary';
import { jsonText } from './json-text';
import type { Operation, OperationParameter } from './list-operations';
import { NO_BODY, type RequestBody, type RequestParts } from './request-parts';

/** A parameter value as the text that goes into a URL or header (arrays: one text per repeat). */
function parameterTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(parameterTexts);
  if (typeof value === 'string') return [value];
  if (value === undefined) return [];
  return [typeof value === 'number' || typeof value === 'boolean' ? String(value) : jsonText(value)];
}

function parameterArbitrary(operation: Operation, p: OperationParameter): fc.Arbitrary<string[]> {
  const value = jsonSchemaArbitrary(p.schema ?? { type: 'string' }, operation.components).map(parameterTexts);
  return p.required || p.in === 'path' ? value : fc.option(value, { nil: [], freq: 2 });
}

function parametersIn(operation: Operation, where: OperationParameter['in']) {
  return operation.parameters.filter((p) => p.in === where);
}

export function generatedRequestArbitrary(operation: Operation): fc.Arbitrary<RequestParts> {
  /** [name, text] entries of the parameters in one place, a repeated entry per array item. */
  const named = (where: OperationParameter['in']) =>
    fc
      .tuple(
        ...parametersIn(operation, where).map((p) =>
          parameterArbitrary(operation, p).map((texts) => texts.map((t): [string, string] => [p.name, t])),
        ),
      )
      .map((perParameter) => perParameter.flat());
  const body: fc.Arbitrary<RequestBody> = operation.body
    ? jsonSchemaArbitrary(operation.body.schema, operation.components).map((value): RequestBody => ({
        kind: 'json',
        value,
      }))
    : fc.constant(NO_BODY);
  return fc
    .record({
      path: named('path'),
      query: named('query'),
      headers: named('header'),
      body: operation.body?.required === false ? fc.option(body, { nil: NO_BODY }) : body,
    })
    .map(({ path, query, headers, body }): RequestParts => ({
      pathParams: Object.fromEntries(path),
      query,
      headers: Object.fromEntries(headers),
      body,
    }));
}
