import { describe, expect, it } from 'vitest';
import { formatAbn, isValidAbn, normalizeAbn } from './abn';

describe('isValidAbn (the ATO check-digit rule)', () => {
  it("accepts real ABNs with or without the ATO's spaces", () => {
    // The ATO's own example, and the Australian Taxation Office's ABN.
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('53 004 085 616')).toBe(true);
  });

  it('refuses a changed digit, a wrong length, letters and a leading zero', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('15 824 753 556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535560')).toBe(false);
    expect(isValidAbn('51-824-753-556')).toBe(false);
    expect(isValidAbn('0123456789A')).toBe(false);
    expect(isValidAbn('')).toBe(false);
  });
});

describe('formatAbn and normalizeAbn', () => {
  it('groups 11 digits 2-3-3-3 and leaves other text alone', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn(' 51 824753 556 ')).toBe('51 824 753 556');
    expect(formatAbn('n/a')).toBe('n/a');
    expect(normalizeAbn(' 51 824 753 556')).toBe('51824753556');
  });
});
