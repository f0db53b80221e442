/** Terms, ageing and quick-order parsing of trade accounts (issue 39 §4, §5). */
import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  dollarsFieldSchema,
  dueDay,
  parseQuickOrderText,
  tradeApplicationRequestSchema,
} from './trade-accounts';

describe('dueDay', () => {
  it('counts days, and reads 30 days end of month as the end of the following month', () => {
    expect(dueDay('2026-12-03', '7_days')).toBe('2026-12-10');
    expect(dueDay('2026-12-20', '14_days')).toBe('2027-01-03');
    expect(dueDay('2026-01-31', '30_days')).toBe('2026-03-02');
    expect(dueDay('2026-12-03', '30_eom')).toBe('2027-01-31');
    expect(dueDay('2028-01-15', '30_eom')).toBe('2028-02-29');
    expect(dueDay('2027-01-01', '30_eom')).toBe('2027-02-28');
  });
});

describe('ageingBucket', () => {
  it('buckets by days past due', () => {
    expect(ageingBucket('2026-12-03', '2026-12-03')).toBe('current');
    expect(ageingBucket('2026-12-03', '2026-12-04')).toBe('1_30');
    expect(ageingBucket('2026-11-03', '2026-12-03')).toBe('1_30');
    expect(ageingBucket('2026-11-02', '2026-12-03')).toBe('31_60');
    expect(ageingBucket('2026-09-04', '2026-12-03')).toBe('61_90');
    expect(ageingBucket('2026-09-03', '2026-12-03')).toBe('90_plus');
  });
});

describe('parseQuickOrderText', () => {
  it('reads "CODE qty", "CODE,qty", tab-separated, "qty x CODE" and a bare code', () => {
    expect(parseQuickOrderText('BP-1234 2\nDB1170,3\nOE\t4\n5 x  FLT-9\nSPARK 7 PLUG\n\n  ')).toEqual([
      { line: 1, code: 'BP-1234', quantity: 2, problem: null },
      { line: 2, code: 'DB1170', quantity: 3, problem: null },
      { line: 3, code: 'OE', quantity: 4, problem: null },
      { line: 4, code: 'FLT-9', quantity: 5, problem: null },
      { line: 5, code: 'SPARK 7 PLUG', quantity: 1, problem: null },
    ]);
  });

  it('names the line of a quantity out of range', () => {
    expect(parseQuickOrderText('A 0\nB 101')).toEqual([
      { line: 1, code: 'A', quantity: 0, problem: 'Line 1: quantity must be 1 to 100' },
      { line: 2, code: 'B', quantity: 101, problem: 'Line 2: quantity must be 1 to 100' },
    ]);
  });
});

describe('application fields', () => {
  it('reads dollars as typed and refuses what is not an amount', () => {
    const spend = dollarsFieldSchema('Spend');
    expect(spend.parse('$2,500')).toBe(250_000);
    expect(spend.parse('19.9')).toBe(1990);
    expect(spend.safeParse('two grand').success).toBe(false);
    expect(spend.safeParse('-5').success).toBe(false);
  });

  it('normalises the ABN and refuses one failing the checksum', () => {
    const base = {
      business_name: 'A',
      gst_registered: true,
      street_address: '1 A St',
      suburb: 'B',
      state: 'NSW',
      post_code: '2000',
      contact_name: 'C',
      contact_phone: '02 9000 0000',
      accounts_email: 'A@Example.com',
      expected_monthly_spend: '100',
    };
    expect(tradeApplicationRequestSchema.parse({ ...base, abn: '51 824 753 556' })).toMatchObject({
      abn: '51824753556',
      accounts_email: 'a@example.com',
    });
    expect(tradeApplicationRequestSchema.safeParse({ ...base, abn: '51 824 753 557' }).success).toBe(false);
  });
});
