import { describe, expect, it } from 'vitest';
import { centsToDecimalString, formatCents, parseDecimalToCents } from './money';

describe('centsToDecimalString', () => {
  it.each([
    [7995, '79.95'],
    [500, '5.00'],
    [5, '0.05'],
    [0, '0.00'],
    [-150, '-1.50'],
    [123456789, '1234567.89'],
  ])('%i -> %s', (cents, text) => expect(centsToDecimalString(cents)).toBe(text));
  it('refuses fractions of a cent', () => expect(() => centsToDecimalString(1.5)).toThrow(RangeError));
});

describe('formatCents', () => {
  it('shows a $ sign and two decimals', () => {
    expect(formatCents(2495)).toBe('$24.95');
    expect(formatCents(-500)).toBe('-$5.00');
  });
});

describe('parseDecimalToCents', () => {
  it.each([
    ['79.95', 7995],
    ['12.5', 1250],
    ['5', 500],
    [' $1,299.00 ', 129900],
    ['0', 0],
  ])('%s -> %i', (text, cents) => expect(parseDecimalToCents(text)).toBe(cents));
  it.each(['', 'abc', '12,5x', '-3', '1.999', '1e5', '12.'])('rejects %j', (text) =>
    expect(parseDecimalToCents(text)).toBeNull(),
  );
});
