import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from './test-card-form';

describe('test card form formatting', () => {
  it('groups the card number in fours, keeps digits only and stops at 16', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 00')).toBe('4000 0000 00');
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('abc')).toBe('');
  });

  it("writes the expiry as 'MM / YY', and lets Backspace remove the ' / '", () => {
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(formatExpiry('12/2')).toBe('12 / 2');
    expect(formatExpiry('12 /')).toBe('12');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('429')).toBe('04 / 29');
    expect(formatExpiry('1')).toBe('1');
  });
});
