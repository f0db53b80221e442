/**
 * Property-based fuzz of every API route (issue 17), defined here and run in shares by the files
 * `api-fuzz-*-of-*.test.ts`, each with a store of its own and a share of the operations, so both of CI's test
 * workers fuzz at once. The routes come from the app's own OpenAPI document (`/api/docs/json`), so a route added
 * later joins by itself, and a route missing from the document fails the suite. Per operation, fast-check first
 * runs a sweep (a NUL, then a lone surrogate, in each string of each valid base request), then random runs: a
 * valid request (hand-written known-good or refused-valid, or generated from the schemas) with up to three
 * mutations (control characters, lone surrogates, huge strings, wrong types, missing and extra fields, limit
 * values, malformed bodies, wrong content types), sent through `app.inject`. Every answer must be under 500;
 * every error in the house shape with nothing internal in it; and a 4xx must leave every table as it was (402
 * excepted as decision 0009 says).
 *
 *   npx vitest run --project api tests/fuzz      seed 17, 60 random runs per operation (FUZZ_RUNS, FUZZ_SEED)
 *   npm run test:fuzz                            1000 random runs per operation
 *   FUZZ_VERBOSE=1 ...                           print how each operation answered, counted
 *
 * A failure prints the shrunk request and the command that replays it (FUZZ_SEED, FUZZ_PATH, `-t`).
 */
import { fc, it } from '@fast-check/vitest';
import { afterAll, describe, expect } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test-app';
import { checkAnswer } from './check-answer';
import { fingerprinter, listPublicTables } from '../database-fingerprint';
import { FuzzRequest, printable } from './fuzz-request';
import { generatedRequestArbitrary } from './generated-request-arbitrary';
import { knownGoodRequests, refusedValidRequests } from './known-good-requests';
import { listOperations, openApiDocumentSchema, type Operation } from './list-operations';
import { mutateRequest, mutationArbitrary, type Mutation } from './mutate-request';
import type { RequestParts } from './request-parts';
import { seedFuzzFixtures } from './seed-fuzz-fixtures';
import { stringSweepMutations } from './string-sweep-mutations';
import { appRoutesOf, undocumentedRoutes, type AppRoute } from './undocumented-routes';

function integerFromEnv(name: string, fallback: number, least: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^-?\d+$/.test(text) || Number(text) < least)
    throw new Error(`${name} must be a whole number >= ${least}`);
  return Number(text);
}
/** Random runs per operation, after the string sweep. */
const RUNS = integerFromEnv('FUZZ_RUNS', 60, 1);
const SEED = integerFromEnv('FUZZ_SEED', 17, -(2 ** 31));
const REPLAY_PATH = process.env.FUZZ_PATH;
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
/** Shrinking sends a request per step; past this the best counterexample so far is reported. */
const SHRINK_TIME_LIMIT_MS = 20_000;

/** Which share of the operations a file fuzzes: those whose index in the document's list is `index` mod `count`. */
export interface FuzzShare {
  index: number;
  count: number;
}

/**
 * Defines the suite for `share` of the operations (call it at the top level of a test file, awaited): a test app of
 * its own with the fuzz fixtures, the checks of the whole document in share 0, then one property per operation.
 */
export async function defineApiFuzzSuite(share: FuzzShare): Promise<void> {
  const routes: AppRoute[] = [];
  const logLines: string[] = [];
  const t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 1e6;
      c.rateLimits.orderLookupsPerMinute = 1e6;
      // Contact, return and part-enquiry forms share one per-address limit; the known-good pass sends each several times.
      c.rateLimits.formsPerMinute = 1e6;
      // Error lines are kept to explain a failure; nothing is printed.
      c.logLevel = 'error';
    },
    logStream: { write: (line: string) => void logLines.push(line) },
    onRoute: (route) => routes.push(...appRoutesOf(route)),
  });

  const setup = await (async () => {
    try {
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      const document = openApiDocumentSchema.parse(docs.json());
      const fixtures = await seedFuzzFixtures(t.app, t.database.db);
      const fingerprint = await fingerprinter(t.database.db, await listPublicTables(t.database.db));
      return {
        document,
        operations: listOperations(document),
        knownGood: knownGoodRequests(fixtures),
        refusedValid: refusedValidRequests(fixtures),
        fingerprint,
      };
    } catch (err) {
      await t.close();
      throw err;
    }
  })();
  afterAll(() => t.close());

  const { document, operations, knownGood, refusedValid, fingerprint } = setup;
  const db = t.database.db;

  /** `base` after `mutations`, written out as sent from `client`. */
  function fuzzRequest(operation: Operation, base: RequestParts, mutations: Mutation[], client: string) {
    let parts = base;
    const notes: string[] = [];
    for (const m of mutations) {
      const mutated = mutateRequest(operation, parts, m);
      parts = mutated.parts;
      notes.push(mutated.note);
    }
    return FuzzRequest.render(operation, parts, client, notes);
  }

  /** Known-good entries (drawn twice as often as a schema-generated base), then one to three mutations. */
  function fuzzedRequestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
    const bases: fc.WeightedArbitrary<RequestParts>[] = [
      ...(knownGood[operation.key] ?? []).map((arbitrary) => ({ weight: 2, arbitrary })),
      ...(refusedValid[operation.key] ?? []).map((arbitrary) => ({ weight: 1, arbitrary })),
      { weight: 1, arbitrary: generatedRequestArbitrary(operation) },
    ];
    return fc
      .tuple(
        fc.oneof(...bases),
        // Sometimes none: the valid and refused-valid bases then reach pricing, stock and payment as they are.
        fc.array(mutationArbitrary, { minLength: 0, maxLength: 3 }),
        // TEST-NET-3 addresses: the fixed per-IP limits (subscribe 10/min ...) rarely hide a route.
        fc.integer({ min: 1, max: 254 }),
      )
      .map(([base, mutations, host]) => fuzzRequest(operation, base, mutations, `203.0.113.${host}`));
  }

  /** The string sweep over one sample of each base, optional headers left out so no Idempotency-Key repeats. */
  function sweepExamples(operation: Operation): [FuzzRequest][] {
    const optionalHeaders = new Set(
      operation.parameters.filter((p) => p.in === 'header' && !p.required).map((p) => p.name),
    );
    const arbitraries = [...(knownGood[operation.key] ?? []), generatedRequestArbitrary(operation)];
    return arbitraries.flatMap((arb, i) =>
      fc.sample(arb, { numRuns: 1, seed: SEED + i }).flatMap((sample) => {
        const base = {
          ...sample,
          headers: Object.fromEntries(
            Object.entries(sample.headers).filter(([name]) => !optionalHeaders.has(name)),
          ),
        };
        return stringSweepMutations(operation, base).map((m): [FuzzRequest] => [
          fuzzRequest(operation, base, [m], '198.51.100.2'),
        ]);
      }),
    );
  }

  /** A log line in brief: the error's type, SQLSTATE and message, and the first frame in the app's source. */
  function logSummary(line: string): string {
    const parsed = logLineSchema.safeParse(safeJson(line));
    if (!parsed.success || !parsed.data.err) return printable(line.trim()).slice(0, 500);
    const { type, sqlstate, message, stack } = parsed.data.err;
    const frame = stack?.split('\n').find((l) => l.includes('/apps/api/src/'));
    return [type, sqlstate && `SQLSTATE ${sqlstate}`, message, frame?.trim()].filter(Boolean).join(' | ');
  }
  const logLineSchema = z.object({
    err: z
      .object({
        type: z.string().optional(),
        sqlstate: z.string().optional(),
        message: z.string().optional(),
        stack: z.string().optional(),
      })
      .optional(),
  });
  function safeJson(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  function failureReport(problems: string[], status: number, body: string): string {
    return [
      `answered ${status}:`,
      ...problems.map((p) => `  - ${p}`),
      `  answer: ${printable(body)}`,
      ...logLines.map((l) => `  log: ${logSummary(l)}`),
    ].join('\n');
  }

  /** fast-check's own report, plus the command that replays the shrunk counterexample. */
  const replayHint =
    (operation: Operation): fc.Plugin<[FuzzRequest]> =>
    () => ({
      onAllRunsComplete: async (details) => {
        if (!details.failed) return;
        const report = await fc.asyncDefaultReportMessage(details);
        throw new Error(
          `${report}\n\nReplay: FUZZ_SEED=${details.seed} FUZZ_PATH="${details.counterexamplePath}" ` +
            `npx vitest run --project api tests/fuzz -t "${operation.key}"`,
        );
      },
    });

  describe('API fuzz', () => {
    if (share.index === 0) {
      it('every /api route the app answers is in its OpenAPI document', () => {
        expect(
          undocumentedRoutes(routes, document),
          'routes missing from /api/docs/json: give them a schema so the fuzz suite covers them',
        ).toEqual([]);
      });

      it('every known-good entry names an operation of the document', () => {
        const keys = new Set(operations.map((o) => o.key));
        expect(Object.keys(knownGood).filter((k) => !keys.has(k))).toEqual([]);
      });
    }

    // In every share, so each share's runs start from the same data as they did when one file ran them all.
    it('known-good requests are accepted', async () => {
      const refused: string[] = [];
      for (const operation of operations) {
        for (const [i, arb] of (knownGood[operation.key] ?? []).entries()) {
          // Seeds of their own, so two entries do not draw the same Idempotency-Key.
          for (const parts of fc.sample(arb, { numRuns: 3, seed: SEED * 100 + i })) {
            const request = FuzzRequest.render(operation, parts, '198.51.100.1', []);
            const res = await t.app.inject(request.injectOptions());
            if (res.statusCode >= 300)
              refused.push(`${request}\n  -> ${res.statusCode} ${printable(res.body)}`);
          }
        }
      }
      expect(refused).toEqual([]);
      // Every known-good request of every operation, the CSV exports among them: more than the default 30 s on a
      // busy machine, and a run cut short would go on writing behind the next test's back.
    }, 180_000);

    for (const operation of operations.filter((_, i) => i % share.count === share.index)) {
      /** Answers by status (and, with FUZZ_VERBOSE, by the start of their body), for the summary. */
      const statuses = new Map<string, number>();
      const examples = sweepExamples(operation);
      const params: fc.Parameters<[FuzzRequest]> = {
        seed: SEED,
        examples,
        // fast-check counts the examples among the runs.
        numRuns: examples.length + RUNS,
        plugins: [replayHint(operation)],
        includeErrorInReport: true,
        interruptAfterTimeLimit: (examples.length + RUNS) * 1_000 + SHRINK_TIME_LIMIT_MS,
        ...(REPLAY_PATH ? { path: REPLAY_PATH, endOnFailure: true } : {}),
      };
      it.prop([fuzzedRequestArbitrary(operation)], params)(
        operation.key,
        async (request) => {
          // Work an earlier request left for after its answer (mails, and a reset code's storing: issue 43 §5) is done
          // before the database is looked at, so it is not taken for this request's change.
          await t.app.mail.settled();
          const before = await fingerprint();
          logLines.length = 0;
          let res;
          try {
            res = await t.app.inject(request.injectOptions());
          } catch {
            // light-my-request refused to build the request (an invalid header value): not sendable.
            fc.pre(false);
            return;
          }
          // On PGlite every await of a run settles as a microtask, so the event loop never reaches its check phase
          // and each inject's setImmediate callbacks (holding the whole request and answer) would pile up until
          // the file ends: a thousand runs per route ran out of heap. One turn of the loop per request frees them.
          await new Promise((resolve) => setImmediate(resolve));
          const answer = VERBOSE
            ? `${res.statusCode} ${printable(res.body).slice(0, 70)}`
            : String(res.statusCode);
          statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
          const problems = await checkAnswer({
            status: res.statusCode,
            body: res.body,
            sentText: () => request.sentText(),
            db,
            fingerprint,
            before,
          });
          if (problems.length > 0) throw new Error(failureReport(problems, res.statusCode, res.body));
        },
        (examples.length + RUNS) * 2_000 + 60_000,
      );
      if (VERBOSE) {
        afterAll(() => {
          const counts = [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `  ${n}× ${s}`);
          console.info(`${operation.key}:\n${counts.join('\n')}`);
        });
      }
    }
  });
}
