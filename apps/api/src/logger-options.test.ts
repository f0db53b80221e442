/**
 * No personal data in the logs (issue 17; decision 0011). A real database error in the middle of placing an
 * order is logged with its statement, SQLSTATE and request id, and without any of the customer's details;
 * on PGlite here and on PostgreSQL when the suite runs with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './env';
import { loggerOptions, redactLogLine, redactUrl, serializeError } from './logger-options';
import { createTestApp, type TestApp } from '../tests/test-app';
import { seedProduct } from '../tests/seed-catalog';
import { testOrderBody } from './modules/orders/test-order-body';

/** A customer whose every detail is easy to spot in a log. */
const CUSTOMER = {
  f_name: 'Zebedee',
  l_name: 'Quartermaine',
  email: 'zebedee.quartermaine@example.com',
  phone: '0498765432',
  street_address: '99 Failing Road',
  city: 'Wollongong',
  state: 'NSW',
  post_code: '2500',
  company: 'Quartermaine Haulage',
  comment: 'Gate code 4711',
};
const PERSONAL_VALUES = [
  'Zebedee',
  'Quartermaine',
  'zebedee.quartermaine@example.com',
  '0498765432',
  '99 Failing Road',
  'Gate code 4711',
];

describe('a database error while placing an order', () => {
  let t: TestApp;
  const lines: string[] = [];
  let productId = 0;

  beforeAll(async () => {
    t = await createTestApp({
      logStream: { write: (line: string) => void lines.push(line) },
      config: (c) => {
        c.logLevel = 'info';
      },
    });
    productId = await seedProduct(t.database.db, {
      sku: 'LOG-1',
      title: 'Log Test Globe',
      priceCents: 2000,
      stock: 10,
    });
    // A real constraint violation on the order insert, inside the place-order transaction.
    await t.database.db.execute(
      sql.raw(
        `ALTER TABLE orders ADD CONSTRAINT refuse_failing_road CHECK (street_address <> '99 Failing Road')`,
      ),
    );
  });
  afterAll(() => t.close());

  it('answers 500 with a request id, and logs the error without the customer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody([{ id: productId, unitPriceCents: 2000, quantity: 1 }], CUSTOMER),
    });
    expect(res.statusCode).toBe(500);
    const { request_id: requestId, message } = res.json() as { request_id: string; message: string };
    expect(message).toBe('Something went wrong on our side. Please try again in a moment.');

    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const failure = records.find((r) => r.msg === 'request failed');
    expect(failure, lines.join('')).toBeDefined();
    expect(failure?.reqId).toBe(requestId);
    expect(failure?.level).toBe(50);
    const err = failure?.err as Record<string, unknown>;
    expect(err.type).toBe('DatabaseError');
    expect(err.sqlstate).toBe('23514');
    expect(err.constraint).toBe('refuse_failing_road');
    expect(err.statement).toMatch(/^insert into "orders"/);
    expect(err.statement).toContain('$1');

    const everything = lines.join('\n');
    for (const value of PERSONAL_VALUES) expect(everything).not.toContain(value);
    expect(everything).not.toMatch(/params|Failing row/i);
  });
});

describe('what a log line may carry', () => {
  it('keeps catalog query values and redacts the rest', () => {
    expect(redactUrl('/api/shop?page=2&category=lighting&brand=kestrel')).toBe(
      '/api/shop?page=2&category=lighting&brand=kestrel',
    );
    expect(redactUrl('/api/orders-detail?id=AbC123xyz')).toBe('/api/orders-detail?id=[redacted]');
    expect(redactUrl('/api/address-suggestions?query=12%20Smith%20St&page=1')).toBe(
      '/api/address-suggestions?query=[redacted]&page=1',
    );
    expect(redactUrl('/api/categories')).toBe('/api/categories');
    // An order's public id in a path is a key to the order (tax invoices, issue 18).
    expect(redactUrl('/api/orders/AbC123xyzAbC123xy/tax-invoice')).toBe('/api/orders/[redacted]/tax-invoice');
    expect(redactUrl('/api/orders/AbC123xyzAbC123xy/adjustment-notes/ADJ-000001')).toBe(
      '/api/orders/[redacted]/adjustment-notes/ADJ-000001',
    );
  });

  it('a plain error keeps its type, message and stack but none of its other properties', () => {
    const err = Object.assign(new TypeError('boom'), { params: ['jane@example.com'], body: { email: 'x' } });
    const out = serializeError(err);
    expect(out).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(String(out.stack)).toContain('TypeError: boom');
    expect(JSON.stringify(out)).not.toContain('jane@example.com');
  });

  it('a database error hides the value quoted in its message and its detail', () => {
    const dbError = Object.assign(new Error('invalid input syntax for type integer: "jane@example.com"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(jane@example.com) already exists.',
    });
    const wrapped = Object.assign(
      new Error('Failed query: select 1 where id = $1\nparams: jane@example.com'),
      {
        query: 'select 1 where id = $1',
        params: ['jane@example.com'],
        cause: dbError,
      },
    );
    const out = serializeError(wrapped);
    expect(out).toMatchObject({
      type: 'DatabaseError',
      sqlstate: '22P02',
      message: 'invalid input syntax for type integer: "[redacted]"',
      statement: 'select 1 where id = $1',
    });
    expect(JSON.stringify(out)).not.toContain('jane@example.com');
    const range = serializeError(
      Object.assign(new Error('value "0412345678901" is out of range for type integer'), {
        code: '22003',
        severity: 'ERROR',
      }),
    );
    expect(range.message).toBe('value "[redacted]" is out of range for type integer');
  });

  it('redacts personal and secret keys wherever a log call puts them', () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const log = pino(loggerOptions(config), { write: (l: string) => void lines.push(l) });
    log.info(
      {
        req: { headers: { authorization: 'Bearer s3cret-token', cookie: 'sid=abc' } },
        body: {
          email: 'jane@example.com',
          password: 'hunter22',
          otp: '123456',
          card_number: '4242424242424242',
        },
        order: { shipping: { phone: '0412345678' } },
        invoice: 'INV-000042',
      },
      'something happened',
    );
    const line = lines.join('');
    for (const secret of [
      's3cret-token',
      'sid=abc',
      'jane@example.com',
      'hunter22',
      '123456',
      '4242424242424242',
      '0412345678',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('INV-000042');
    expect(line).toContain('[redacted]');
  });

  it('redacts at any depth, in any case, in arrays and in a child logger, and keeps everything else', () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const log = pino(loggerOptions(config), { write: (l: string) => void lines.push(l) });
    log.child({ reqId: 'req-7', customer: { Email: 'deep@example.com' } }).warn(
      {
        a: { b: { c: { d: { password: 'very-deep-secret' } } } },
        items: [{ sku: 'GLOBE-1', s_phone: '0400111222' }],
        Authorization: 'Basic dXNlcjpwYXNz',
      },
      'nested',
    );
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({
      reqId: 'req-7',
      customer: { Email: '[redacted]' },
      a: { b: { c: { d: { password: '[redacted]' } } } },
      items: [{ sku: 'GLOBE-1', s_phone: '[redacted]' }],
      Authorization: '[redacted]',
      msg: 'nested',
      level: 40,
    });
  });

  it('returns a line without a sensitive key as it is, and never writes a line it cannot read', () => {
    const plain = '{"level":30,"time":1,"reqId":"r1","hostname":"box","msg":"request completed"}\n';
    expect(redactLogLine(plain)).toBe(plain);
    const broken = '{"level":30,"email":"cut@example.com"';
    const out = redactLogLine(broken);
    expect(out).not.toContain('cut@example.com');
    expect(JSON.parse(out)).toMatchObject({ level: 50 });
  });
});

describe('how lines are written (issue 38 §3)', () => {
  it('pretty-printed on a developer terminal, JSON in production and when piped', () => {
    const target = (nodeEnv: string, terminal: boolean) =>
      (loggerOptions(loadConfig({ NODE_ENV: nodeEnv }), undefined, terminal).transport as { target?: string })
        ?.target;
    expect(target('development', true)).toBe('pino-pretty');
    expect(target('development', false)).toBeUndefined();
    expect(target('production', true)).toBeUndefined();
    // A stream given (tests, the bench) is written to as it is.
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(loggerOptions(config, { write: () => undefined }, true).transport).toBeUndefined();
  });
});
