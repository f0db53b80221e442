/**
 * The part enquiry of a search that found nothing (issue 37 §4): stored with the contact messages and listed in the
 * back office as a part enquiry, mailed to the store's sales address, validated with the shared messages, rate
 * limited like the contact form, and answered with a redirect back to the page when a browser sent it without
 * scripts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessageListSchema } from '@store/shared/admin-customers';
import { CUSTOMER_SERVICE_MESSAGES as M } from '@store/shared/customer-service';
import { contactMessages, storeSettings } from '../../db/schema';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedStaff } from '../../../tests/seeders';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = 'https://shop.example.com.au';
      c.rateLimits.formsPerMinute = 4;
    },
  });
  await seedCatalog(t.database.db);
  await t.database.db.update(storeSettings).set({ salesEmail: 'sales@shop.example.com.au' });
});
afterAll(() => t.close());

const enquiry = {
  part_number: 'DB1170',
  vehicle: '2018 Toyota HiLux SR5 2.8 TD 4x4 Dual Cab',
  name: 'Jane O’Connor',
  email: 'jane@example.com',
  phone: '0412345678',
  message: 'Front pads please.',
  query: 'db1170',
};

const send = (payload: object, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/part-enquiry', payload, headers, remoteAddress: ip });

describe('POST /api/part-enquiry', () => {
  it('stores the enquiry as a part enquiry, lists it in the back office and mails the sales address', async () => {
    const res = await send(enquiry);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: M.partEnquirySent('DB1170') });

    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.kind, 'part_enquiry'));
    expect(row).toMatchObject({
      fName: 'Jane O’Connor',
      lName: '',
      subject: 'Part enquiry: DB1170',
      partNumber: 'DB1170',
      vehicle: enquiry.vehicle,
      searchQuery: 'db1170',
      handledAt: null,
    });

    const staff = await seedStaff(t, { email: 'desk@example.com' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/messages',
      headers: bearer(staff.token),
    });
    const messages = adminMessageListSchema.parse(list.json());
    expect(messages.data[0]).toMatchObject({
      kind: 'part_enquiry',
      name: 'Jane O’Connor',
      subject: 'Part enquiry: DB1170',
      part_number: 'DB1170',
      vehicle: enquiry.vehicle,
      search_query: 'db1170',
    });

    await t.app.mail.settled();
    const dir = t.app.config.outboxDir;
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
    const mail = mails.find((m) => m.subject === 'Part enquiry: DB1170');
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('sales@shop.example.com.au');
    expect(mail?.replyTo?.text).toBe('jane@example.com');
    expect(mail?.text).toContain('Part: DB1170');
    expect(mail?.text).toContain(`Vehicle: ${enquiry.vehicle}`);
    expect(mail?.text).toContain('Searched the shop for “db1170” and found nothing.');
  });

  it('refuses a missing part, name or email with a message for each field, and stores nothing', async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const res = await send({ part_number: ' ', name: '', email: 'not-an-email' }, {}, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    const fields = (res.json<{ errors: { field: string; message: string }[] }>().errors ?? []).map(
      (e) => `${e.field}: ${e.message}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'part_number: Part number or description is required',
        'name: Name is required',
        `email: ${M.invalidEmail}`,
      ]),
    );
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('answers a form sent without scripts with 303 back to the page it came from, never elsewhere', async () => {
    const form = new URLSearchParams({
      part_number: 'DB1170',
      name: 'Sam',
      email: 'sam@example.com',
      return_to: '/search-results?query=db1170',
    }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await send(form as unknown as object, headers, '10.0.0.3');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/search-results?query=db1170&part_enquiry=sent#part-enquiry');

    const away = await send(
      new URLSearchParams({
        part_number: 'X1',
        name: 'Sam',
        email: 'sam@example.com',
        return_to: '//evil.example/x',
      }).toString() as unknown as object,
      headers,
      '10.0.0.3',
    );
    expect(away.statusCode).toBe(200);
    expect(away.headers.location).toBeUndefined();
  });

  it('is rate limited like the contact form (RATE_LIMIT_FORMS_PER_MINUTE)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await send(enquiry, {}, '10.0.0.9')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });
});
