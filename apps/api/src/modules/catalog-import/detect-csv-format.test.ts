import { describe, expect, it } from 'vitest';
import { detectCsvFormat } from './detect-csv-format';

describe('detectCsvFormat', () => {
  it('recognises the three header sets, ignoring case and extra columns', () => {
    expect(detectCsvFormat(['Handle', 'Title', 'Variant SKU', 'Variant Price'])).toBe('shopify-legacy');
    expect(detectCsvFormat(['Title', 'URL handle', 'SKU', 'Price'])).toBe('shopify-2024');
    expect(detectCsvFormat(['ID', 'type', 'sku', 'Name', 'regular price'])).toBe('woocommerce');
  });

  it('rejects an unknown header set with a message listing what was expected', () => {
    let message = '';
    try {
      detectCsvFormat(['Name', 'Cost', 'Qty']);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('"Name", "Cost", "Qty"');
    expect(message).toContain('Shopify product CSV (before 2024): "Handle", "Variant SKU"');
    expect(message).toContain('Shopify product CSV (2024 and later): "URL handle"');
    expect(message).toContain('WooCommerce product CSV: "Type", "SKU", "Regular price"');
  });
});
