import { adminStoreSettingsFieldsSchema } from '@store/shared/admin-store-settings';
import { DEFAULT_RATE_TABLE } from '@store/shared/delivery-rules';
import { describe, expect, it } from 'vitest';
import { rateTableForm, rateTableOf } from './rate-table-editor';

const rateTableSchema = adminStoreSettingsFieldsSchema.shape.rate_table;

describe('the rate table form (issue 41)', () => {
  it('shows the built-in table when none is saved, and reads it back unchanged', () => {
    const form = rateTableForm(null);
    expect(form.zones[0]).toEqual({
      code: 'metro',
      name: 'Sydney metro',
      ranges: '2000-2234, 2555-2574, 2740-2786',
    });
    expect(form.rates[0]).toEqual({
      option: 'express',
      zone: 'metro',
      maxWeightGrams: '1000',
      price: '14.95',
    });
    expect(rateTableOf(form)).toEqual(DEFAULT_RATE_TABLE);
    expect(rateTableSchema.safeParse(rateTableOf(form)).success).toBe(true);
  });

  it('reads a single post code and leaves what does not read for the schema to name', () => {
    const form = rateTableForm(null);
    form.zones[0] = { code: 'metro', name: 'Metro', ranges: '2161, 20-x' };
    form.rates[0] = { option: 'express', zone: 'metro', maxWeightGrams: '1.5', price: 'free' };
    const table = rateTableOf(form);
    expect(table.zones[0]?.postCodes).toEqual([
      [2161, 2161],
      [Number.NaN, Number.NaN],
    ]);
    const parsed = rateTableSchema.safeParse(table);
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('Post codes must be four digits from 0200 to 9999');
    expect(messages).toContain('A weight limit must be a whole number of grams above 0');
    expect(messages).toContain('A price must be an amount in dollars and cents');
  });
});
