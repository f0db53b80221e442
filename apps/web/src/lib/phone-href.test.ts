import { describe, expect, it } from 'vitest';
import { phoneHref } from './phone-href';

describe('phoneHref', () => {
  it('dials a local number with the country code', () => {
    expect(phoneHref('(02) 5550 0123')).toBe('tel:+61255500123');
    expect(phoneHref('0412 345 678')).toBe('tel:+61412345678');
  });

  it('keeps an international number and a national 1300 number as written', () => {
    expect(phoneHref('+61 2 5550 0123')).toBe('tel:+61255500123');
    expect(phoneHref('1300 555 012')).toBe('tel:1300555012');
  });

  it('has nothing to dial without a number', () => {
    expect(phoneHref('')).toBeNull();
    expect(phoneHref('( ) -')).toBeNull();
  });
});
