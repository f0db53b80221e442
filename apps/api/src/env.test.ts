import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, describeDefaults, loadConfig } from './env';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.pgliteDir).toBe(path.join(REPO_ROOT, 'data', 'pglite'));
    expect(c.mediaDir).toBe(path.join(REPO_ROOT, 'data', 'uploads'));
    expect(c.publicMediaUrl).toBe('/media/');
    expect(c.demoCatalog).toBe(true);
    expect(describeDefaults(c).join('\n')).toMatch(/embedded PGlite/);
  });

  it('honours PORT, DATA_DIR, DATABASE_URL and DEMO_CATALOG', () => {
    const c = loadConfig({
      PORT: '4123',
      DATA_DIR: '/tmp/store-x',
      DATABASE_URL: 'postgres://u@db:5432/shop',
      DEMO_CATALOG: '0',
      PUBLIC_MEDIA_URL: 'https://cdn.example.com/m',
    });
    expect(c.port).toBe(4123);
    expect(c.pgliteDir).toBe('/tmp/store-x/pglite');
    expect(c.databaseUrl).toBe('postgres://u@db:5432/shop');
    expect(c.demoCatalog).toBe(false);
    expect(c.publicMediaUrl).toBe('https://cdn.example.com/m/');
    expect(describeDefaults(c).join('\n')).toMatch(/PostgreSQL \(DATABASE_URL\)/);
  });

  it('points PayPal at the sandbox by default, live with PAYPAL_ENV, or PAYPAL_API_BASE (a fake) when set', () => {
    expect(loadConfig({}).paypalApiBase).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ PAYPAL_ENV: 'live' }).paypalApiBase).toBe('https://api-m.paypal.com');
    expect(loadConfig({ PAYPAL_API_BASE: 'http://127.0.0.1:4010' }).paypalApiBase).toBe(
      'http://127.0.0.1:4010',
    );
    expect(() => loadConfig({ PAYPAL_ENV: 'prod' })).toThrow(/PAYPAL_ENV/);
    expect(() => loadConfig({ PAYPAL_API_BASE: 'api.paypal.com/v2' })).toThrow(
      /PAYPAL_API_BASE: must be a base URL/,
    );
  });

  it('stops at start naming STORE_ABN when it is set: the ABN is the store setting (issue 34 §6)', () => {
    expect(() => loadConfig({ STORE_ABN: '51 824 753 556' })).toThrow(
      /STORE_ABN: is no longer read: set the ABN in the store settings/,
    );
    expect(() => loadConfig({ STORE_ABN: '' })).not.toThrow();
    expect(describeDefaults(loadConfig({})).join('\n')).not.toMatch(/ABN/);
  });

  it('lets the heap grow 25 % past what is live by default, HEAP_GROWTH_PERCENT=0 leaving it to V8', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(25);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).databaseUrl).toBeUndefined();
  });

  it('fails loudly, naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\//,
    );
  });
});
