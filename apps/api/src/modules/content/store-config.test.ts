import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConfigSchema, storeSettingsInputSchema } from '@store/shared/store-settings';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { saveStoreSettings } from './content-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const config = async () =>
  storeConfigSchema.parse((await t.app.inject({ method: 'GET', url: '/api/store-config' })).json().data);

describe('GET /api/store-config business_contact (issue 18 §4: the warranty names them)', () => {
  it('is empty for a store that has not configured its business', async () => {
    expect((await config()).business_contact).toEqual({ address: '', phone: '', email: '' });
  });

  it("carries the settings' business address, phone and sales email", async () => {
    await saveStoreSettings(
      t.database.db,
      storeSettingsInputSchema.parse({
        store_name: 'Warranty Test Parts',
        business_address: '3 Claim Street, Penrith NSW 2750',
        phone: '(02) 5550 0177',
        sales_email: 'claims@warranty-test.example',
      }),
    );
    expect((await config()).business_contact).toEqual({
      address: '3 Claim Street, Penrith NSW 2750',
      phone: '(02) 5550 0177',
      email: 'claims@warranty-test.example',
    });
  });
});

describe('store settings phone', () => {
  it('takes a printed Australian number and refuses anything else', () => {
    const parse = (phone: string) => storeSettingsInputSchema.safeParse({ store_name: 'S', phone });
    expect(parse('(02) 5550 0123').success).toBe(true);
    expect(parse('+61 2 5550 0123').success).toBe(true);
    expect(parse('1300 555 012').success).toBe(true);
    expect(parse('call us').success).toBe(false);
    expect(parse('<script>').success).toBe(false);
  });
});
