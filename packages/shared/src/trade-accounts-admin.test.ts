/** The back office's additions to the trade contract (issue 39 §6): the statement month and its schema. */
import { describe, expect, it } from 'vitest';
import { previousMonth, statementMonthSchema, TRADE_ADMIN_MESSAGES } from './trade-accounts';

describe('previousMonth', () => {
  it('is the month before the store day, across a year end', () => {
    expect(previousMonth('2026-12-01')).toBe('2026-11');
    expect(previousMonth('2027-01-01')).toBe('2026-12');
    expect(previousMonth('2026-10-31')).toBe('2026-09');
  });
});

describe('statementMonthSchema', () => {
  it('takes YYYY-MM months and refuses anything else with the message', () => {
    expect(statementMonthSchema.parse('2026-11')).toBe('2026-11');
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', ''])
      expect(statementMonthSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        TRADE_ADMIN_MESSAGES.statementMonthInvalid,
      );
  });
});
