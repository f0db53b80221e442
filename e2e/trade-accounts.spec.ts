/**
 * Issue 39's journey, on a store of its own: a workshop applies for a trade account from its account page → the
 * owner approves it in the back office with the "Workshop" price list, a credit limit and 30 days end of month →
 * the workshop signs in and sees its trade prices ex. GST on the product page → quick order of three part numbers
 * → checkout "On account" with a purchase order number → the tax invoice PDF (pdftotext) prints the PO, the lines
 * ex. GST and the GST → the month's statement lists the invoice → the owner records the payment and the balance is
 * zero; with its limit lowered, the next order "On account" is refused with the words to act on. Screens of the
 * trade pages at 390 and 1366 px.
 */
import { writeFileSync } from 'node:fs';
import { exGstCents } from '@store/shared/checkout-totals';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { TRADE_MESSAGES } from '@store/shared/trade-accounts';
import { expect, test, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { mailFromOutbox } from './support/outbox';
import { pdfText } from './support/pdf-text';
import { screen } from './support/screens';
import { signInCustomer, signUpCustomer } from './support/sign-in';

/** Demo products by their part numbers (data/demo-catalog/products.csv), none on sale. */
const PARTS = [
  { partNumber: 'MO1120', sku: 'MU-MO1120', quantity: 2 },
  { partNumber: 'IR1611', sku: 'FT-IR1611', quantity: 4 },
  { partNumber: 'WB14', sku: 'WT-WB-14', quantity: 2 },
] as const;
/** The list: 10 % off the whole catalog, and a fixed $20.00 (inc. GST) for the oil filter. */
const FIXED_FILTER_CENTS = 2000;
const PO = 'PO-7731';

test.use({ adminStoreOptions: { email: 'owner.tradejourney@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('a trade account from application to a paid statement (issue 39)', () => {
  let store: AdminStore | undefined;

  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'one store of its own, screens taken at both widths');
  });
  test.beforeEach(({ adminStore }) => {
    store = adminStore;
  });

  const at = (pathname: string) => {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  };

  async function twoWidths(page: Page, name: string) {
    await screen(page, test.info(), name);
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), `${name}-phone`);
    await page.setViewportSize({ width: 1366, height: 800 });
  }

  /** The staff bearer of the signed-in back-office tab. */
  async function staffToken(page: Page): Promise<string> {
    const login = await page.request.post(at('/api/admin/login'), {
      data: { email: store?.email, password: store?.password },
    });
    expect(login.ok()).toBe(true);
    return ((await login.json()) as { token: string }).token;
  }

  /** Shelf price (inc. GST) of a product as the shop serves it. */
  async function shelfCents(page: Page, sku: string): Promise<number> {
    const res = await page.request.get(at(`/api/products/${sku}`));
    const meta = ((await res.json()) as { data: { product_meta: { option: string; value: string }[] } }).data
      .product_meta;
    return parseDecimalToCents(meta.find((m) => m.option === '_price')?.value ?? '') ?? NaN;
  }

  async function fillDetails(page: Page, email: string) {
    const details = page.getByRole('form', { name: 'Checkout details' });
    await details.getByLabel(/^First name/).fill('Rita');
    await details.getByLabel(/^Last name/).fill('Rivet');
    await details.getByLabel(/^Email/).fill(email);
    await details.getByLabel(/^Phone/).fill('0412345678');
    await details.getByLabel(/^Street address/).fill('12 Spanner St');
    await details.getByRole('combobox', { name: /^City/ }).fill('Parramatta');
    await details.getByLabel(/^State/).fill('NSW');
    await details.getByLabel(/^Post code/).fill('2150');
  }

  /** Saves the PDF a click opens or downloads, and answers its text. */
  async function pdfOf(page: Page, click: () => Promise<void>, name: string): Promise<string> {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), click()]);
    // In the test's output folder (test-results), which Playwright empties at the start of each run.
    const file = test.info().outputPath(`${name}-${Date.now()}.pdf`);
    await download.saveAs(file);
    return pdfText(file).replace(/\s+/g, ' ');
  }

  test('apply → approve → trade prices ex. GST → quick order → on account with a PO → invoice → statement → paid', async ({
    staffPage: admin,
    browser,
  }) => {
    test.setTimeout(600_000);
    const stamp = Date.now().toString(36);
    const email = `workshop.${stamp}@example.com`;
    const accountsEmail = `accounts.${stamp}@example.com`;

    // The owner's price list (the editor has its own journey in admin-trade.spec.ts).
    const token = await staffToken(admin);
    const filter = await admin.request.get(at(`/api/products/${PARTS[0].sku}`));
    const filterId = ((await filter.json()) as { data: { id: number } }).data.id;
    const list = await admin.request.post(at('/api/admin/price-lists'), {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: 'Workshop',
        rules: [
          { scope: 'all', target_id: null, percent_off: 10, fixed_price: null },
          { scope: 'product', target_id: filterId, percent_off: null, fixed_price: '20.00' },
        ],
      },
    });
    expect(list.status(), await list.text()).toBeLessThan(300);

    // 1. The workshop applies from its account page.
    const context = await browser.newContext({
      viewport: { width: 1366, height: 800 },
      acceptDownloads: true,
    });
    const shop = await context.newPage();
    const account = await signUpCustomer(shop.request, at(''), { email, name: 'Rita Rivet' });
    await signInCustomer(shop, at(''), account);
    await shop.goto(at('/my-account'));
    await shop
      .getByRole('link', { name: /Trade account/ })
      .first()
      .click();
    await expect(shop).toHaveURL(/\/my-account\/trade$/);
    const form = shop.getByRole('form', { name: 'Trade application' });
    await form.getByLabel(/^Business name/).fill('Rivet Motors Pty Ltd');
    await form.getByLabel(/^ABN/).fill('51 824 753 557');
    await form.getByLabel(/^Business name/).click();
    await expect(form.getByText(TRADE_MESSAGES.abnInvalid)).toBeVisible();
    await form.getByLabel(/^ABN/).fill('51 824 753 556');
    await form.getByLabel(/^Yes/).check();
    await form.getByLabel(/^Street address/).fill('12 Spanner St');
    await form.getByLabel(/^Suburb/).fill('Parramatta');
    await form.getByLabel(/^State/).selectOption('NSW');
    await form.getByLabel(/^Postcode|^Post code/).fill('2150');
    await form.getByLabel(/^Contact name/).fill('Rita Rivet');
    await form.getByLabel(/^Contact phone/).fill('02 9876 5432');
    await form.getByLabel(/^Accounts email/).fill(accountsEmail);
    await form.getByLabel(/^Expected monthly spend/).fill('2,500');
    await twoWidths(shop, 'trade-application');
    await form.getByRole('button', { name: 'Apply for a trade account' }).click();
    await expect(shop.getByRole('status').filter({ hasText: 'Application received' })).toBeVisible();
    await expect
      .poll(async () => (await mailFromOutbox(accountsEmail, store?.dataDir))?.subject ?? '')
      .toContain('trade application received');

    // 2. The owner approves it in the back office: the Workshop list, a $3,000 limit, 30 days end of month.
    await admin.goto(at('/admin/trade-applications'));
    await admin
      .getByRole('table', { name: /Trade applications/ })
      .getByRole('link', { name: 'Rivet Motors Pty Ltd' })
      .click();
    await admin.getByRole('button', { name: 'Approve…' }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve the application' });
    await approve.getByLabel('Workshop', { exact: true }).check();
    await approve.getByLabel('Credit limit ($)').fill('3000');
    await approve.getByLabel('Terms').selectOption({ label: '30 days end of month' });
    await approve.getByRole('button', { name: 'Approve and mail the applicant' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Application approved.' })).toBeVisible();

    // 3. Signed in again, the workshop sees its trade price ex. GST on the product page.
    await signInCustomer(shop, at(''), account);
    await shop.goto(at('/my-account/trade'));
    await expect(shop.getByText('Approved').first()).toBeVisible();
    await twoWidths(shop, 'trade-account-approved');
    const plug = PARTS[1];
    const plugTrade = Math.round((await shelfCents(shop, plug.sku)) * 0.9);
    await shop.goto(at(`/product/${plug.sku}`));
    const price = shop.getByRole('main');
    await expect(price.getByText('Trade price').first()).toBeVisible();
    await expect(price.getByText(formatCents(exGstCents(plugTrade, 10))).first()).toBeVisible();
    await expect(price.getByText(/ex\. GST/).first()).toBeVisible();
    await twoWidths(shop, 'trade-product-price');

    // 4. Quick order of three part numbers.
    await shop.goto(at('/my-account/quick-order'));
    await shop.getByLabel(/Paste/).fill(PARTS.map((p) => `${p.partNumber} ${p.quantity}`).join('\n'));
    await shop.getByRole('button', { name: /^Check/ }).click();
    for (const p of PARTS) await expect(shop.getByRole('main')).toContainText(p.sku);
    await twoWidths(shop, 'trade-quick-order');
    await shop.getByRole('button', { name: /Add all to cart/ }).click();
    await expect(shop).toHaveURL(/\/cart$/);

    // 5. Checkout on account with a PO.
    const unit = {
      [PARTS[0].sku]: FIXED_FILTER_CENTS,
      [PARTS[1].sku]: plugTrade,
      [PARTS[2].sku]: Math.round((await shelfCents(shop, PARTS[2].sku)) * 0.9),
    };
    await shop.goto(at('/checkout'));
    await fillDetails(shop, email);
    await shop.getByLabel(/Purchase order number/).fill(PO);
    await twoWidths(shop, 'trade-checkout');
    await shop.getByRole('button', { name: /On account/ }).click();
    await expect(shop).toHaveURL(/\/thank-you$/, { timeout: 30_000 });

    // 6. The tax invoice: the PO, each line ex. GST, the GST.
    await shop.goto(at('/order-history'));
    await shop
      .getByRole('link', { name: /INV-\d+/ })
      .first()
      .click();
    await expect(shop.getByText(PO).first()).toBeVisible();
    const invoiceNumber = /INV-\d+/.exec(
      await shop
        .getByRole('heading', { name: /INV-\d+/ })
        .first()
        .innerText(),
    )?.[0];
    expect(invoiceNumber).toBeTruthy();
    const invoice = await pdfOf(
      shop,
      () =>
        shop
          .getByRole('button', { name: /tax invoice/i })
          .or(shop.getByRole('link', { name: /tax invoice/i }))
          .first()
          .click(),
      'trade-invoice',
    );
    expect(invoice).toContain(`Purchase order ${PO}`);
    expect(invoice).toContain('Unit price (ex. GST)');
    expect(invoice).toContain('Rivet Motors Pty Ltd');
    for (const p of PARTS) {
      const line = unit[p.sku]! * p.quantity;
      expect(invoice, p.sku).toContain(formatCents(line - Math.round(line / 11)));
    }
    expect(invoice).toMatch(/Total ex\. GST \$[\d,]+\.\d\d/);
    expect(invoice).toMatch(/GST \$[\d,]+\.\d\d/);
    expect(invoice).toContain('Charged to your trade account: payment due by');
    writeFileSync(test.info().outputPath('trade-invoice.txt'), invoice);

    // 7. The month's statement lists it.
    await shop.goto(at('/my-account/trade'));
    await expect(shop.getByRole('table').filter({ hasText: invoiceNumber ?? '' })).toContainText(PO);
    const statement = await pdfOf(
      shop,
      () =>
        shop
          .getByRole('button', { name: /\(PDF\)$/ })
          .first()
          .click(),
      'trade-statement',
    );
    expect(statement).toContain(invoiceNumber ?? 'INV-');
    expect(statement).toContain('Rivet Motors Pty Ltd');
    const balance = /Amount due:? \$([\d,]+\.\d\d)/.exec(statement)?.[1];
    expect(balance, statement).toBeTruthy();

    // 8. The owner records the payment: the balance is zero.
    await admin.goto(at('/admin/trade-accounts'));
    await admin.getByRole('link', { name: 'Rivet Motors Pty Ltd' }).first().click();
    await admin.getByRole('button', { name: 'Record payment…' }).click();
    const payment = admin.getByRole('dialog', { name: 'Record a payment' });
    await payment.getByLabel('Amount ($)').fill(balance!.replace(/,/g, ''));
    await payment.getByLabel(/Reference/).fill(`EFT ${invoiceNumber}`);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Payment recorded.' })).toBeVisible();
    await expect(admin.getByRole('main')).toContainText('$0.00');
    await twoWidths(admin, 'trade-admin-account-paid');
    await shop.goto(at('/my-account/trade'));
    const money = shop.getByRole('region', { name: 'Account' });
    await expect(money).toContainText(/Balance\s*\$0\.00/);

    // 9. With its limit lowered to $1, the next order on account is refused with the words to act on.
    await admin.getByLabel('Credit limit ($)').fill('1');
    await admin.getByRole('button', { name: /^Save/ }).click();
    await expect(admin.getByRole('status').first()).toBeVisible();
    await shop.goto(at(`/product/${PARTS[2].sku}`));
    await shop.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await shop.goto(at('/checkout'));
    await fillDetails(shop, email);
    await shop.getByRole('button', { name: /On account/ }).click();
    await expect(
      shop.getByText(/is more than the credit left on your account \(\$1\.00\)/).first(),
    ).toBeVisible();
    await twoWidths(shop, 'trade-checkout-over-limit');
    await context.close();
  });
});
