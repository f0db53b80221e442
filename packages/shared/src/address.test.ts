import { describe, expect, it } from 'vitest';
import { formatAddressLine, isPostcodeInState, isPostcodeShape, normaliseStateCode } from './address';

describe('normaliseStateCode', () => {
  it('reads codes and full names in any case', () => {
    expect(normaliseStateCode('nsw')).toBe('NSW');
    expect(normaliseStateCode(' New  South Wales ')).toBe('NSW');
    expect(normaliseStateCode('Tasmania')).toBe('TAS');
    expect(normaliseStateCode('Sydney')).toBeNull();
  });
});

describe('isPostcodeInState (Australia Post ranges)', () => {
  it.each([
    ['2161', 'NSW', true],
    ['2600', 'ACT', true],
    ['2600', 'NSW', false],
    ['0800', 'NT', true],
    ['0200', 'ACT', true],
    ['3000', 'VIC', true],
    ['3000', 'NSW', false],
    ['4000', 'QLD', true],
    ['5000', 'SA', true],
    ['6000', 'WA', true],
    ['6798', 'WA', false],
    ['7000', 'TAS', true],
    ['2540', 'ACT', true],
    ['2540', 'NSW', true],
  ] as const)('%s in %s -> %s', (postcode, state, expected) => {
    expect(isPostcodeInState(postcode, state)).toBe(expected);
  });

  it('needs exactly four digits', () => {
    expect(isPostcodeShape('800')).toBe(false);
    expect(isPostcodeShape('21610')).toBe(false);
    expect(isPostcodeInState('800', 'NT')).toBe(false);
  });
});

describe('formatAddressLine', () => {
  it('writes one line', () => {
    expect(
      formatAddressLine({
        street_address: '12 Example St',
        city: 'Guildford',
        state: 'NSW',
        post_code: '2161',
      }),
    ).toBe('12 Example St, Guildford NSW 2161');
  });
});
