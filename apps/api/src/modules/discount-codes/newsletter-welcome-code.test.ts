/**
 * The newsletter's "10% off your first order" (issue 34 §5): the welcome mail carries the subscriber's own
 * single-use code (10%, usage limit 1, once per customer, tied to their email) with how to use it; coming back
 * after unsubscribing brings the same unused code, not a second one.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_CODE_MESSAGES as M, newsletterCodeText } from '@store/shared/discount-codes';
import { discountCodes, newsletterSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { resolveDiscountCode } from './resolve-discount-code';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function mailTexts(address: string): Promise<string[]> {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const raw = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  const mails = await Promise.all(
    raw.filter((m) => m.includes(`To: ${address}`)).map((m) => simpleParser(m)),
  );
  return mails.map((m) => m.text ?? '');
}

describe('the newsletter welcome code', () => {
  it('is in the welcome mail, works once for that email only, and comes back unused after a re-subscription', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: 'New@Reader.example' },
    });
    expect(res.statusCode).toBe(200);
    // The code is made after the answer, with the mail.
    const [text] = await mailTexts('new@reader.example');
    const codes = await t.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.email, 'new@reader.example'));
    expect(codes).toHaveLength(1);
    const code = codes[0]!;
    expect(code).toMatchObject({
      kind: 'percent',
      value: 10,
      usageLimit: 1,
      oncePerCustomer: true,
      createdBy: null,
    });
    expect(code.code).toMatch(/^WELCOME-[A-Z2-9]{6}$/);
    expect(text?.replace(/\s+/g, ' ')).toContain(newsletterCodeText(code.code));

    const lines = [{ productId: 1, lineSubtotalCents: 5_000 }];
    expect(
      (await resolveDiscountCode(t.database.db, code.code, { lines, email: 'new@reader.example' })).discount,
    ).toEqual({
      code: code.code,
      percent: 10,
      amountCents: null,
      eligibleLines: null,
    });
    await expect(
      resolveDiscountCode(t.database.db, code.code, { lines, email: 'else@reader.example' }),
    ).rejects.toThrow(M.otherEmail(code.code));

    // Unsubscribe, subscribe again: the same code, still unused.
    const [row] = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'new@reader.example'));
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { token: row!.unsubscribeToken },
    });
    expect(off.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'new@reader.example' } });
    const texts = await mailTexts('new@reader.example');
    expect(texts).toHaveLength(2);
    expect(texts[1]?.replace(/\s+/g, ' ')).toContain(code.code);
    expect(
      await t.database.db.select().from(discountCodes).where(eq(discountCodes.email, 'new@reader.example')),
    ).toHaveLength(1);
  });
});
