/**
 * Apple Pay's domain association file (issue 40 §4): served as the merchant downloaded it when configured, absent
 * otherwise, and a path that cannot be read stops the store at start with the variable's name.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/test-app';
import { APPLE_PAY_DOMAIN_ASSOCIATION_PATH } from './apple-pay-domain';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-apple-pay-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Apple Pay domain association', () => {
  it('serves the configured file byte for byte, as text', async () => {
    // Stripe's file is a long hex string; any bytes must come back unchanged.
    const content = `7B227073704964223A2237${'0A'.repeat(40)}\n`;
    const file = path.join(dir, 'association');
    await writeFile(file, content);
    const t = await createTestApp({ config: (c) => (c.applePayDomainAssociationFile = file) });
    try {
      const res = await t.app.inject({ method: 'GET', url: APPLE_PAY_DOMAIN_ASSOCIATION_PATH });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(content);
    } finally {
      await t.close();
    }
  });

  it('answers nothing of the kind when not configured', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: APPLE_PAY_DOMAIN_ASSOCIATION_PATH });
      // Left to the SPA fallback: its not-found page (404), or 503 in tests, which run without a built web app.
      expect([404, 503]).toContain(res.statusCode);
      expect(res.body).not.toContain('7B227073704964223A');
    } finally {
      await t.close();
    }
  });

  it('refuses to start when the file cannot be read, naming the variable', async () => {
    await expect(
      createTestApp({ config: (c) => (c.applePayDomainAssociationFile = path.join(dir, 'missing')) }),
    ).rejects.toThrow(/APPLE_PAY_DOMAIN_ASSOCIATION_FILE .*cannot be read \(ENOENT\)/);
  });
});
