/**
 * Binding pg-boss's `$n` text as one Drizzle statement (sql-adapters.ts), and what a failed job keeps of its
 * error (job-queue.ts): no address, no stack.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { describeJobError } from './job-queue';
import { statementOf } from './sql-adapters';

describe('statementOf', () => {
  const dialect = new PgDialect();
  it('binds each placeholder to its value, in the order the text uses them', () => {
    const q = dialect.sqlToQuery(statementOf('SELECT $2::int AS b, $1::text AS a', ['x', 7]));
    expect(q.sql).toBe('SELECT $1::int AS b, $2::text AS a');
    expect(q.params).toEqual([7, 'x']);
  });
  it('refuses a placeholder used twice or beyond the values', () => {
    expect(() => statementOf('SELECT $1, $1', ['x'])).toThrow(/\$1 repeated/);
    expect(() => statementOf('SELECT $2', ['x'])).toThrow(/out of range/);
  });
});

describe('describeJobError', () => {
  it('keeps the code and message, without email addresses, in 300 characters at most', () => {
    const refused = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <pat@example.com>"),
      {
        code: 'EENVELOPE',
      },
    );
    expect(describeJobError(refused)).toBe(
      "EENVELOPE: Can't send mail - all recipients were rejected: 550 <[address]>",
    );
    expect(describeJobError(new Error('x'.repeat(400)))).toHaveLength(300);
    expect(describeJobError('plain')).toBe('plain');
  });
});
