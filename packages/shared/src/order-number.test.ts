import { describe, expect, it } from 'vitest';
import { normaliseOrderNumber } from './order-number';

describe('normaliseOrderNumber', () => {
  it.each([
    ['INV-001001', 'INV-001001'],
    ['inv-001001', 'INV-001001'],
    ['  Inv 001 001 ', 'INV-001001'],
    ['INV001001', 'INV-001001'],
    ['001001', 'INV-001001'],
    ['1001', 'INV-001001'],
    ['INV-1234567', 'INV-1234567'],
    ['INV-0001234567', 'INV-1234567'],
  ])('%j is %j', (typed, stored) => {
    expect(normaliseOrderNumber(typed)).toBe(stored);
  });

  it.each(['', 'INV-', 'INV-0', 'TI-000001', 'INV--1001', 'INV-10a1', 'q7XkP2mN9vR4tY8w', '1'.repeat(19)])(
    '%j is no order number',
    (typed) => {
      expect(normaliseOrderNumber(typed)).toBeNull();
    },
  );
});
