import { storeSettingsInputSchema } from '@store/shared/store-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/test-db';
import { saveStoreSettings } from './content-service';
import { createStorefrontSettingsReader } from './storefront-settings';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const rename = (store_name: string) =>
  saveStoreSettings(database.db, storeSettingsInputSchema.parse({ store_name }));

describe('storefront settings', () => {
  it('are read once per max age, then again, so a change shows within it', async () => {
    await rename('First Name Motors');
    // Long enough for a busy machine's three queries and a write.
    const reader = createStorefrontSettingsReader(database.db, 2_000);
    expect((await reader.read()).settings.storeName).toBe('First Name Motors');
    await rename('Second Name Motors');
    // Within the max age the earlier read answers (no query).
    expect((await reader.read()).settings.storeName).toBe('First Name Motors');
    await new Promise((resolve) => setTimeout(resolve, 2_050));
    expect((await reader.read()).settings.storeName).toBe('Second Name Motors');
  });

  it('read again at once after invalidate (a save in the back office)', async () => {
    await rename('Fifth Name Motors');
    const reader = createStorefrontSettingsReader(database.db, 60_000);
    expect((await reader.read()).settings.storeName).toBe('Fifth Name Motors');
    await rename('Sixth Name Motors');
    reader.invalidate();
    expect((await reader.read()).settings.storeName).toBe('Sixth Name Motors');
  });

  it('with a max age of 0 read the database every time', async () => {
    const reader = createStorefrontSettingsReader(database.db, 0);
    await rename('Third Name Motors');
    expect((await reader.read()).settings.storeName).toBe('Third Name Motors');
    await rename('Fourth Name Motors');
    expect((await reader.read()).settings.storeName).toBe('Fourth Name Motors');
  });
});
