/**
 * Refunds and returns as a workflow (issue 36 §3), on a store of the journey's own:
 * - a guest buys two of a product; the admin refunds one of them with restock through the refund dialog (its
 *   confirmation says the amount and where it goes) → the product's stock is one up, the order page says
 *   "Partially refunded" with the amount, the adjustment note PDF (pdftotext) lists the line and the amount, and
 *   the customer's refund mail lists the same line and amount;
 * - a return from request to refund: the customer asks through /return-order, the admin approves it (an RA
 *   number, mailed with the instructions), records the goods as received and inspected, and refunds them with
 *   restock → stock back up, the return "Refunded" with its history, the refund mail naming the RA number.
 * Screens of the dialog and the return page at 1366 and 390 px, each checked with axe.
 */
import { writeFileSync } from 'node:fs';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { expect, test, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { mailFromOutbox } from './support/outbox';
import { pdfText } from './support/pdf-text';
import { screen } from './support/screens';

/** A demo product at its list price with tracked stock (data/demo-catalog/products.csv). */
const SKU = 'BL-H4-6055';

test.use({ adminStoreOptions: { email: 'owner.refunds@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('refunds and returns in the back office', () => {
  let store: AdminStore | undefined;
  const stamp = Date.now().toString(36);

  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'one store of its own, screens taken at two widths');
  });
  test.beforeEach(({ adminStore }) => {
    store = adminStore;
  });

  const at = (pathname: string) => {
    if (!store) throw new Error('The admin store is not running');
    return `${store.baseURL}${pathname}`;
  };

  /** The product's stock as the shop's API serves it. */
  async function stockOf(page: Page): Promise<number> {
    const res = await page.request.get(at(`/api/products/${SKU}`));
    const meta = ((await res.json()) as { data: { product_meta: { option: string; value: string }[] } }).data
      .product_meta;
    return Number(meta.find((m) => m.option === '_stock')?.value);
  }

  /** A guest's order of two units, paid with the offline test card; its order number. */
  async function guestOrder(page: Page, email: string): Promise<string> {
    await page.goto(at(`/product/${SKU}`));
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.goto(at('/checkout'));
    const form = page.getByRole('form', { name: 'Checkout details' });
    await form.getByLabel(/^First name/).fill('Rhea');
    await form.getByLabel(/^Last name/).fill('Turner');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Phone/).fill('0412345678');
    await form.getByLabel(/^Street address/).fill('12 Railway Terrace');
    await form.getByRole('combobox', { name: /^City/ }).fill('Guildford');
    await form.getByLabel(/^State/).fill('NSW');
    await form.getByLabel(/^Post code/).fill('2161');
    await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await page.getByRole('link', { name: 'Track your order' }).click();
    const result = page.getByRole('article', { name: new RegExp(`^${ORDER_NUMBER_LABEL} INV-\\d+$`) });
    await expect(result).toBeVisible();
    return /INV-\d+/.exec(await result.getByRole('heading').first().innerText())?.[0] ?? '';
  }

  async function twoWidths(page: Page, name: string, fullPage = true) {
    await screen(page, test.info(), name, { fullPage });
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, test.info(), `${name}-phone`, { fullPage });
    await page.setViewportSize({ width: 1366, height: 800 });
  }

  test('one of two units refunded with restock: stock, figures, adjustment note and mail agree', async ({
    staffPage: page,
  }) => {
    test.slow();
    const email = `partial.${stamp}@example.com`;
    const invoice = await guestOrder(page, email);
    const stockBefore = await stockOf(page);

    await page.goto(at(`/admin/orders?q=${encodeURIComponent(invoice)}`));
    await page.getByRole('link', { name: invoice }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${invoice}` })).toBeVisible();
    const publicId = /\/admin\/orders\/([A-Za-z0-9]+)/.exec(page.url())?.[1] ?? '';
    const unit = (
      await page
        .getByRole('row', { name: /Brightline H4/ })
        .getByRole('cell')
        .nth(2)
        .innerText()
    ).trim();

    await page.getByRole('button', { name: 'Refund items…' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${invoice}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Quantity to refund (of 2)').fill('1');
    await dialog.getByLabel(/^Reason/).fill('One globe arrived broken');
    await twoWidths(page, 'admin-refund-dialog', false);
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(
      dialog.getByText(`${unit} will be refunded to the test card the order was paid with.`),
    ).toBeVisible();
    await twoWidths(page, 'admin-refund-dialog-confirm', false);
    await dialog.getByRole('button', { name: `Refund ${unit}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Refunded ${unit} on order ${invoice}.` }),
    ).toBeVisible();
    await expect(page.getByText(`Refunded ${unit} of`)).toBeVisible();
    await expect(page.getByText('Partially refunded').first()).toBeVisible();

    // The stock: one unit back on the shelf.
    expect(await stockOf(page)).toBe(stockBefore + 1);

    // The adjustment note, as the customer gets it (links signed for the order's email).
    const links = await page.request.post(at(`/api/orders/${publicId}/document-links`), { data: { email } });
    const notes = ((await links.json()) as { data: { adjustment_notes: { amount: string; url: string }[] } })
      .data.adjustment_notes;
    expect(notes).toHaveLength(1);
    expect(`$${notes[0]?.amount}`).toBe(unit);
    const pdf = await page.request.get(at(notes[0]?.url ?? ''));
    expect(pdf.status()).toBe(200);
    const file = test.info().outputPath(`adjustment-${stamp}.pdf`);
    writeFileSync(file, await pdf.body());
    const text = pdfText(file);
    expect(text).toContain(
      `1 × Brightline H4 Halogen Headlight Globes 60/55W 12V (Pair) (SKU ${SKU}): ${unit}`,
    );
    expect(text).toContain(`-${unit}`);

    // The customer's refund mail: the same line and amount.
    await expect
      .poll(async () => (await mailFromOutbox(invoice, store?.dataDir))?.subject)
      .toMatch(/^A refund for your .* order INV-\d+$/);
    const mail = await mailFromOutbox(invoice, store?.dataDir);
    expect(mail?.to).toBe(email);
    const words = mail?.text.replace(/\s+/g, ' ') ?? '';
    expect(words).toContain(`We have refunded ${unit} of order ${invoice}`);
    expect(words).toContain(
      `1 × Brightline H4 Halogen Headlight Globes 60/55W 12V (Pair) (SKU ${SKU}): ${unit}`,
    );
  });

  test('a return from request to refund with restock', async ({ staffPage: page }) => {
    test.slow();
    const email = `return.${stamp}@example.com`;
    const invoice = await guestOrder(page, email);
    await page.goto(at(`/admin/orders?q=${encodeURIComponent(invoice)}`));
    await page.getByRole('link', { name: invoice }).click();
    const publicId = /\/admin\/orders\/([A-Za-z0-9]+)/.exec(page.url())?.[1] ?? '';

    // The customer asks.
    await page.goto(at('/return-order'));
    const form = page.getByRole('form', { name: 'Return an order' });
    await form.getByLabel(/^First name/).fill('Rhea');
    await form.getByLabel(/^Last name/).fill('Turner');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Order ID/).fill(publicId);
    await form.getByLabel(/^Order ID/).blur();
    // Issue 37 §3: the order id and email find the order; the form asks for its lines and a reason.
    await form.getByRole('combobox', { name: /to return \(up to 2\)/ }).selectOption('2');
    await form.getByRole('radio', { name: 'Changed my mind' }).check();
    await form.getByLabel(/^Message/).fill('I needed H7, not H4.');
    await form.getByRole('button', { name: 'Send Return Request' }).click();
    await expect(page.getByRole('heading', { name: /^Return request RR-\d{6} received$/ })).toBeVisible();

    await page.goto(at('/admin/returns'));
    await page
      .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })
      .getByRole('link', { name: /^Return #\d+$/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Return #\d+$/ })).toBeVisible();

    // Approved: an RA number, mailed with the instructions.
    await page
      .getByRole('form', { name: 'Approve the return' })
      .getByRole('button', { name: /Approve/ })
      .click();
    const approved = page.getByRole('status').filter({ hasText: /approved as RA-\d{6}/ });
    await expect(approved).toBeVisible();
    const ra = /RA-\d{6}/.exec((await approved.innerText()) ?? '')?.[0] ?? '';
    await expect.poll(async () => (await mailFromOutbox(ra, store?.dataDir))?.to).toBe(email);
    const raMail = await mailFromOutbox(ra, store?.dataDir);
    expect(raMail?.text.replace(/\s+/g, ' ')).toContain(`Write ${ra} clearly on the outside of the parcel.`);

    // Received and inspected: both units back, unopened.
    const receive = page.getByRole('form', { name: 'Record the return as received' });
    await expect(receive.getByLabel('Quantity received')).toHaveValue('2');
    await receive.getByLabel('Condition').selectOption('unopened');
    await twoWidths(page, 'admin-return-received');
    await receive.getByRole('button', { name: /Record as received/ }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'recorded as received and inspected' }),
    ).toBeVisible();

    // Refunded with restock.
    const stockBefore = await stockOf(page);
    await page.getByRole('button', { name: 'Refund the return…' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund return ${ra}` });
    await expect(dialog.getByLabel('Quantity to refund (of 2)')).toHaveValue('2');
    await dialog.getByLabel(/^Reason/).fill(`Return ${ra}`);
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(
      dialog.getByText(/will be refunded to the test card the order was paid with\./),
    ).toBeVisible();
    await dialog.getByRole('button', { name: /^Refund \$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /refunded: \$/ })).toBeVisible();
    await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
    expect(await stockOf(page)).toBe(stockBefore + 2);
    const history = page.getByRole('heading', { name: 'History' }).locator('xpath=following-sibling::ol[1]');
    await expect(history.getByText(/^Approved on/)).toBeVisible();
    await expect(history.getByText(/^Received and inspected on/)).toBeVisible();
    await expect(history.getByText(/^Refunded on/)).toBeVisible();
    await twoWidths(page, 'admin-return-refunded');

    await expect
      .poll(async () => (await mailFromOutbox(`This refund is for your return ${ra}`, store?.dataDir))?.to)
      .toBe(email);
  });
});
