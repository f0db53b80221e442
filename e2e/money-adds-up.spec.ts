/**
 * Must-show of issue 34 §1-2 (decision 0046): what a shopper is shown is what they pay. For a guest, a member
 * holding a membership plan (granted in the back office's API) and a business member who chose prices ex. GST,
 * each buys 2-3 products (one of them several times) by test card; on the cart, the checkout, the thank-you page
 * and the order page every figure is read, the lines add up to the subtotal, the rows (subtotal, discounts,
 * delivery) add up to the total (ex. GST: to the ex-GST total, which with the GST is the total), every screen
 * charges the same total, and that total is `computeCheckoutTotals` of the catalog's prices. One guest's cart
 * sits below the free-delivery threshold (delivery charged); the business member's just reaches it, so its
 * delivery is free although the member discount takes the amount paid below it (the rule reads the subtotal).
 * Screens of the cart, checkout and order page at 390 and 1366 px go to /tmp/shots-34 (E2E_SHOTS_DIR; none with
 * E2E_SCREENS=0) for a person to look at. Each order's confirmation mail (the store's outbox) and its tax invoice PDF (the thank-you
 * page's signed link, read with pdftotext) are read too: their lines and rows (subtotal, each discount, delivery,
 * total, GST included) are the order's, to the cent. They always show the GST-inclusive rows
 * (`breakdownRows(amounts, 'inc_gst')`), so for the business member they are held to the order as charged (the order
 * API's figures and `computeCheckoutTotals`), and the ex-GST page to the same order shown ex. GST.
 *
 * It runs on a store of its own (granting a plan needs an admin), on the desktop project; the phone width is
 * taken by resizing.
 */
import { writeFileSync } from 'node:fs';
import {
  computeCheckoutTotals,
  unitPriceCentsOf,
  type CheckoutSettings,
  type CheckoutTotals,
  type PricedProductFields,
} from '@store/shared/checkout-totals';
import { type PriceDisplay } from '@store/shared/gst-prices';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import type { OrderDetail } from '@store/shared/order';
import {
  amountsOfOrder,
  amountsOfTotals,
  breakdownRows,
  lineGstCents,
  shownLine,
} from '@store/shared/order-breakdown';
import { expect, test, type Locator, type Page } from './support/test';
import type { AdminStore } from './support/admin-store';
import { mailFromOutbox } from './support/outbox';
import { pdfText } from './support/pdf-text';
import { picturesWanted, savePicture, settleToasts } from './support/screens';
import { signInCustomer, signUpCustomer } from './support/sign-in';
import { thankYouOrderId } from './support/thank-you-order-id';

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-34';
/** Demo products (data/demo-catalog/products.csv): a spark plug, an oil filter, a discounted battery. */
const PLUG_SKU = 'FT-CU5810';
const FILTER_SKU = 'SCA-OF-516';
const BATTERY_SKU = 'VC-NS70-680';

type Buyer = 'guest' | 'member-plan' | 'business-ex-gst';
interface Row {
  key: string;
  label: string;
  cents: number;
}
interface StoreConfig {
  gst_percent: number;
  delivery_charge: number;
  free_delivery_threshold: number;
}

/** "$1,234.56" -> 123456, "−$2.00" -> -200, "Free" -> 0. */
function centsOf(text: string): number {
  const t = text.trim();
  if (t === 'Free') return 0;
  const value = Math.round(Number(t.replace(/[^\d.]/g, '')) * 100);
  return /^[−-]/.test(t) ? -value : value;
}

/** A breakdown list's rows, as shown. */
async function rowsOf(list: Locator): Promise<Row[]> {
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  const rows = await list.locator('[data-row]').evaluateAll((els) =>
    els.map((el) => ({
      key: el.getAttribute('data-row') ?? '',
      label: el.querySelector('dt')?.textContent ?? '',
      text: el.querySelector('dd')?.textContent ?? '',
    })),
  );
  return rows.map((r) => ({ key: r.key, label: r.label, cents: centsOf(r.text) }));
}

/** A row of the breakdown as a document prints it: its label and its figure's text ("−$2.00", "Free"). */
interface ShownRow {
  label: string;
  text: string;
}

/** A line of an order as a page or document shows it (cents). */
interface ShownLine {
  title: string;
  quantity: number;
  unitCents: number;
  lineCents: number;
}

const MONEY = String.raw`[−-]?\$[\d,]+\.\d{2}`;
const cents = (decimal: string) => {
  const c = parseDecimalToCents(decimal);
  if (c === null) throw new Error(`not an amount: ${decimal}`);
  return c;
};

/** The GST-inclusive rows the mail and the invoice print for `amounts` (`breakdownRows(amounts, 'inc_gst')`). */
function incGstRows(amounts: Parameters<typeof breakdownRows>[0]): ShownRow[] {
  return breakdownRows(amounts, 'inc_gst').map((r) => ({ label: r.label, text: r.text }));
}

/**
 * The confirmation mail's lines and rows, from its plain text (each block a paragraph of its own): a line is its
 * title, then "quantity × unit price · SKU code", then the line total; a row is a label and an amount.
 */
function mailFigures(text: string): { lines: (ShownLine & { sku: string })[]; rows: ShownRow[] } {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .filter((p) => p.length > 0);
  const amount = new RegExp(`^(${MONEY}|Free)$`);
  const detail = new RegExp(`^(\\d+) × (${MONEY}) · SKU (.+)$`);
  const lines: (ShownLine & { sku: string })[] = [];
  paragraphs.forEach((p, i) => {
    const d = p.length === 1 ? detail.exec(p[0]!) : null;
    const title = paragraphs[i - 1];
    const total = paragraphs[i + 1];
    if (!d || !title || total?.length !== 1 || !amount.test(total[0]!)) return;
    lines.push({
      title: title.join(' '),
      sku: d[3]!,
      quantity: Number(d[1]),
      unitCents: centsOf(d[2]!),
      lineCents: centsOf(total[0]!),
    });
  });
  const rows = paragraphs
    .filter((p) => p.length === 2 && amount.test(p[1]!))
    .map((p) => ({ label: p[0]!, text: p[1]! }));
  return { lines, rows };
}

/**
 * The tax invoice's lines and rows, from its text (pdftotext -layout): a line's figures (quantity, unit price,
 * GST included, amount) sit on one text line after the description; a row is a label and one amount. The PDF's
 * standard font has no minus sign, so a discount prints a hyphen: read back as the minus the rows are written with.
 */
function invoiceFigures(text: string): {
  lines: { quantity: number; unitCents: number; gstCents: number; lineCents: number }[];
  rows: ShownRow[];
  flat: string;
} {
  const textLines = text.split('\n').map((l) => l.trim());
  const figures = new RegExp(`(?:^|\\s)(\\d+) (${MONEY}) (${MONEY}) (${MONEY})$`);
  const lines = textLines.flatMap((l) => {
    const m = figures.exec(l);
    return m
      ? [
          {
            quantity: Number(m[1]),
            unitCents: centsOf(m[2]!),
            gstCents: centsOf(m[3]!),
            lineCents: centsOf(m[4]!),
          },
        ]
      : [];
  });
  const row = new RegExp(`^([^$]+?) (${MONEY}|Free)$`);
  const rows = textLines.flatMap((l) => {
    const m = row.exec(l);
    return m ? [{ label: m[1]!, text: m[2]!.replace(/^-/, '\u2212') }] : [];
  });
  return { lines, rows, flat: text.replace(/\s+/g, ' ') };
}

const PARTS = new Set(['subtotal', 'signup_discount', 'membership_discount', 'code_discount', 'delivery']);

/**
 * Checks that a screen's rows add up and answers its total charged: inc. GST, subtotal + discounts + delivery =
 * total; ex. GST, they make the ex-GST total, and it and the GST make the total.
 */
function totalOf(rows: Row[], where: string): number {
  const sum = rows.filter((r) => PARTS.has(r.key)).reduce((a, r) => a + r.cents, 0);
  const row = (key: string) => rows.find((r) => r.key === key);
  const total = row('total');
  expect(total, `${where}: a total row`).toBeDefined();
  const exTotal = row('total_ex_gst');
  if (exTotal) {
    expect(sum, `${where}: rows add up to the ex-GST total`).toBe(exTotal.cents);
    expect(exTotal.cents + (row('gst')?.cents ?? NaN), `${where}: ex-GST total + GST = total`).toBe(
      total!.cents,
    );
  } else {
    expect(sum, `${where}: rows add up to the total`).toBe(total!.cents);
  }
  return total!.cents;
}

async function linesSum(lines: Locator): Promise<number> {
  const texts = await lines.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  // A line total may carry its label for screen readers ("Item total (inc. GST): $40.50"): the amount is the last.
  const amount = (t: string) => [...t.matchAll(/[−-]?\$[\d,]+\.\d{2}/g)].at(-1)?.[0] ?? t;
  return texts.reduce((a, t) => a + centsOf(amount(t)), 0);
}

async function shoot(page: Page, name: string) {
  if (!picturesWanted()) return;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settleToasts(page);
    await savePicture(page, `${name}-${width}`, { fullPage: true, dir: SHOTS_DIR });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

test.use({ adminStoreOptions: { email: 'owner.money@example.com' } });
test.describe.configure({ mode: 'serial' });

test.describe('money adds up (issue 34 must-show)', () => {
  let store: AdminStore | undefined;

  test.beforeEach(() => {
    test.skip(
      test.info().project.name !== 'desktop',
      'a store of its own; both widths are taken by resizing',
    );
    test.setTimeout(180_000);
  });

  test.beforeEach(({ adminStore }) => {
    store = adminStore;
  });

  const at = (pathname: string) => {
    if (!store) throw new Error('The store is not running');
    return `${store.baseURL}${pathname}`;
  };

  async function api<T>(page: Page, pathname: string): Promise<T> {
    const answer = await page.request.get(at(pathname));
    expect(answer.ok(), pathname).toBe(true);
    return (await answer.json()) as T;
  }

  async function unitCents(page: Page, sku: string): Promise<number> {
    const { data } = await api<{ data: PricedProductFields }>(page, `/api/products/${sku}`);
    const cents = unitPriceCentsOf(data);
    expect(cents, sku).not.toBeNull();
    return cents!;
  }

  /** Signs a member up and in on this store through its API (sign-in.ts), as a business when told. */
  async function register(page: Page, email: string, business: boolean) {
    const member = await signUpCustomer(page.request, at(''), {
      email,
      ...(business ? { _b_name: 'Taylor Motors', _b_number: '51824753556' } : {}),
    });
    await signInCustomer(page, at(''), member);
  }

  /** Grants the customer with `email` their first membership plan through the back office's API; its name. */
  async function grantPlan(page: Page, email: string): Promise<string> {
    const login = await page.request.post(at('/api/admin/login'), {
      data: { email: store!.email, password: store!.password },
    });
    expect(login.ok()).toBe(true);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const list = (await (
      await page.request.get(at(`/api/admin/customers?q=${encodeURIComponent(email)}`), { headers })
    ).json()) as { data: { id: number; email: string }[] };
    const customer = list.data.find((c) => c.email === email);
    expect(customer, 'the new member in the back office').toBeDefined();
    const detail = (await (
      await page.request.get(at(`/api/admin/customers/${customer!.id}`), { headers })
    ).json()) as { data: { membership_plans: { id: number; plan_name: string }[] } };
    const plan = detail.data.membership_plans[0];
    expect(plan, 'a membership plan to grant').toBeDefined();
    const granted = await page.request.put(
      at(`/api/admin/customers/${customer!.id}/membership-plans/${plan!.id}`),
      { headers },
    );
    expect(granted.ok()).toBe(true);
    return plan!.plan_name;
  }

  async function chooseExGst(page: Page) {
    await page.goto(at('/my-account'));
    const choice = page.getByRole('group', { name: 'Show prices' });
    await choice.getByRole('radio', { name: 'Excluding GST' }).check();
    await expect(page.getByText('Prices are now shown excluding GST.')).toBeVisible();
  }

  /**
   * Adds each line's product from its page, then sets the quantities with the cart page's steppers, as a shopper
   * does. (Writing them into localStorage raced a member's cart kept on the server: issue 37's member carts.)
   */
  async function fillCart(page: Page, lines: { sku: string; quantity: number }[]) {
    const titles = new Map<string, string>();
    for (const { sku } of lines) {
      const { data } = await api<{ data: { title: string } }>(page, `/api/products/${sku}`);
      titles.set(sku, data.title);
      await page.goto(at(`/product/${sku}`));
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await expect(page.getByRole('dialog', { name: /cart/i })).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await page.goto(at('/cart'));
    const table = page.locator('.cart-table');
    for (const { sku, quantity } of lines) {
      const label = `Quantity of ${titles.get(sku)}`;
      const input = table.getByLabel(label, { exact: true });
      await expect(input).toHaveValue('1');
      // The inner locator of `has` is looked for inside each stepper, so it starts from the page, not the table.
      const more = table
        .locator('.quantity-stepper', { has: page.getByLabel(label, { exact: true }) })
        .getByRole('button', { name: 'Increase quantity' });
      for (let n = 1; n < quantity; n++) {
        await more.click();
        await expect(input).toHaveValue(String(n + 1));
      }
    }
  }

  async function fillBilling(page: Page, email: string) {
    const form = page.getByRole('form', { name: 'Checkout details' });
    await form.getByLabel(/^First name/).fill('Sam');
    await form.getByLabel(/^Last name/).fill('Taylor');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Phone/).fill('0412345678');
    await form.getByLabel(/^Street address/).fill('12 Railway Terrace');
    await form.getByRole('combobox', { name: /^City/ }).fill('Guildford');
    await form.getByLabel(/^State/).fill('NSW');
    await form.getByLabel(/^Post code/).fill('2161');
  }

  /**
   * One purchase: the cart, checkout, payment, thank-you and order page, each screen's figures read and checked.
   * `expectedTotal` is computeCheckoutTotals' total for the cart and the buyer's discounts.
   */
  async function buy(
    page: Page,
    buyer: Buyer,
    options: { email: string; lines: { sku: string; quantity: number }[]; plan: string | null },
  ): Promise<{ totals: Record<string, number>; rows: Row[]; documentRows: ShownRow[] }> {
    await fillCart(page, options.lines);
    await page.goto(at('/cart'));
    const summary = page.getByRole('region', { name: 'Cart totals' });
    await expect(summary).toBeVisible();
    // The cart's lines add up to its subtotal.
    const cartLines = await linesSum(page.locator('.cart-table__total strong'));
    const cartSubtotal = centsOf(
      await summary
        .locator('dt', { hasText: 'Subtotal' })
        .locator('xpath=following-sibling::dd[1]')
        .innerText(),
    );
    expect(cartLines, 'cart: lines add up to the subtotal').toBe(cartSubtotal);
    await shoot(page, `${buyer}-cart`);

    await page.goto(at('/checkout'));
    await fillBilling(page, options.email);
    if (options.plan) {
      await page
        .getByRole('form', { name: 'Checkout details' })
        .getByLabel(new RegExp(`^${options.plan}`))
        .check();
    }
    const order = page.getByRole('region', { name: 'Order summary' });
    const breakdown = order.getByLabel('Price breakdown');
    if (options.plan) await expect(breakdown.locator('[data-row="membership_discount"]')).toBeVisible();
    if (buyer !== 'guest') await expect(breakdown.locator('[data-row="signup_discount"]')).toBeVisible();
    const checkoutRows = await rowsOf(breakdown);
    const checkoutLines = await linesSum(order.locator('.order-summary__line-total'));
    expect(checkoutLines, 'checkout: lines add up to the subtotal').toBe(
      checkoutRows.find((r) => r.key === 'subtotal')?.cents,
    );
    const checkoutTotal = totalOf(checkoutRows, 'checkout');
    expect(checkoutLines, 'cart and checkout show the same lines').toBe(cartLines);
    await shoot(page, `${buyer}-checkout`);

    await page.getByRole('button', { name: 'Credit Card / Debit Card' }).click();
    await expect(page).toHaveURL(/\/checkout-stripe-payment$/);
    const payRows = await rowsOf(
      page.getByRole('region', { name: 'Order summary' }).getByLabel('Price breakdown'),
    );
    expect(totalOf(payRows, 'payment page'), 'payment page total').toBe(checkoutTotal);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: `Pay $${(checkoutTotal / 100).toFixed(2)}` }).click();

    await expect(page).toHaveURL(/\/thank-you$/);
    const thanks = page.getByLabel('Order totals');
    const thanksRows = await rowsOf(thanks);
    expect(totalOf(thanksRows, 'thank-you'), 'thank-you total').toBe(checkoutTotal);
    expect(await linesSum(page.locator('.order-confirmation__line-total')), 'thank-you: lines').toBe(
      thanksRows.find((r) => r.key === 'subtotal')?.cents,
    );
    expect(thanksRows, 'thank-you shows the checkout rows').toEqual(checkoutRows);
    await expect(page.locator('.order-confirmation__facts')).toContainText('Order number');
    const orderId = await thankYouOrderId(page);
    const invoiceLink = page.getByRole('link', { name: 'Download tax invoice' });
    await expect(invoiceLink).toHaveAttribute('href', /\/tax-invoice\?expires=\d+&signature=/);
    const invoiceHref = (await invoiceLink.getAttribute('href'))!;

    // The order page: tracking for a guest, the order history's View Order for a member.
    if (buyer === 'guest') {
      await page.getByRole('link', { name: 'Track your order' }).click();
    } else {
      await page.goto(at('/order-history'));
      const row = page.getByRole('row').nth(1);
      await expect(row).toContainText(`$${(checkoutTotal / 100).toFixed(2)}`);
      await expect(row).toContainText(/INV-\d+/);
      await row.getByRole('link', { name: /^View Order/ }).click();
    }
    const article = page.getByRole('article', { name: /^Order number INV-\d+$/ });
    await expect(article).toBeVisible();
    const orderRows = await rowsOf(article.getByLabel('Order totals'));
    expect(totalOf(orderRows, 'order page'), 'order page total').toBe(checkoutTotal);
    expect(await linesSum(article.locator('.order-items__total')), 'order page: lines').toBe(
      orderRows.find((r) => r.key === 'subtotal')?.cents,
    );
    expect(orderRows, 'the order page shows the checkout rows').toEqual(checkoutRows);
    const orderLines = await linesOf(article);
    await shoot(page, `${buyer}-order`);
    const documents = await readDocuments(page, buyer, {
      orderId,
      invoiceHref,
      orderRows,
      orderLines,
      display: buyer === 'business-ex-gst' ? 'ex_gst' : 'inc_gst',
    });
    const totals = Object.fromEntries(checkoutRows.map((r) => [r.key, r.cents]));
    return { totals, rows: checkoutRows, documentRows: documents.rows };
  }

  /** The order page's lines as shown: name, quantity, unit price and line total. */
  async function linesOf(article: Locator): Promise<ShownLine[]> {
    const cells = await article
      .locator('table.order-items tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
      );
    return cells.map((c) => ({
      title: (c[0] ?? '').trim(),
      quantity: Number(c[1]),
      unitCents: centsOf(c[2] ?? ''),
      lineCents: centsOf(c[3] ?? ''),
    }));
  }

  /**
   * The order's confirmation mail and tax invoice, read and held to the order page and the order as charged: the
   * lines (title, quantity, unit price, line total; on the invoice also the GST each includes) are the order's
   * items as served by the order API, inc. GST; the rows are `breakdownRows(amountsOfOrder(order), 'inc_gst')`
   * as printed, and the same figures (label and cents) as the order page's rows when that page shows inc. GST.
   * For an ex-GST page, the page's rows and lines are the same order's shown ex. GST. Answers the documents'
   * rows (the same on both), for the caller to hold to `computeCheckoutTotals`.
   */
  async function readDocuments(
    page: Page,
    buyer: Buyer,
    shown: {
      orderId: string;
      invoiceHref: string;
      orderRows: Row[];
      orderLines: ShownLine[];
      display: PriceDisplay;
    },
  ): Promise<{ rows: ShownRow[] }> {
    const { data: order } = await api<{ data: OrderDetail }>(
      page,
      `/api/orders-detail?id=${encodeURIComponent(shown.orderId)}`,
    );
    const amounts = amountsOfOrder(order);
    expect(amounts.pricesIncludeGst, 'the order is charged GST-inclusive prices').toBe(true);
    const g = amounts.gstPercent;
    const items = order.order_items.map((i) => ({
      title: i.product_title,
      sku: i.sku,
      quantity: i.quantity,
      unitCents: cents(i.price),
      lineCents: cents(i.qp_subtotal),
    }));
    const bySku = <T extends { sku: string }>(list: T[]) =>
      [...list].sort((a, b) => a.sku.localeCompare(b.sku));

    // The order page is this order, as the buyer sees prices.
    expect(shown.orderRows, `${buyer}: the order page's rows are the order's`).toEqual(
      breakdownRows(amounts, shown.display).map((r) => ({ key: r.key, label: r.label, cents: r.cents })),
    );
    expect(shown.orderLines, `${buyer}: the order page's lines are the order's`).toEqual(
      items.map((i) => ({
        title: i.title,
        quantity: i.quantity,
        ...shownLine(i.unitCents, i.lineCents, amounts, shown.display),
      })),
    );
    const expectedRows = incGstRows(amounts);
    const pageFigures = shown.orderRows.map((r) => ({ label: r.label, cents: r.cents }));
    const figuresOf = (rows: ShownRow[]) => rows.map((r) => ({ label: r.label, cents: centsOf(r.text) }));

    // The confirmation mail, sent once the payment is confirmed (after the answer: polled).
    const marker = `order ${order.invoice_number} is confirmed`;
    await expect
      .poll(async () => (await mailFromOutbox(marker, store!.dataDir)) !== null, { timeout: 30_000 })
      .toBe(true);
    const mail = (await mailFromOutbox(marker, store!.dataDir))!;
    expect(mail.to).toContain(order.email ?? '');
    const inMail = mailFigures(mail.text);
    expect(bySku(inMail.lines), `${buyer}: the mail's lines are the order's, inc. GST`).toEqual(bySku(items));
    expect(inMail.rows, `${buyer}: the mail's rows are the order's, inc. GST`).toEqual(expectedRows);
    expect(
      inMail.lines.reduce((a, l) => a + l.lineCents, 0),
      `${buyer}: the mail's lines add up to its subtotal`,
    ).toBe(centsOf(inMail.rows.find((r) => r.label === 'Subtotal')?.text ?? 'NaN'));

    // The tax invoice, by the thank-you page's signed link.
    const pdf = await page.request.get(new URL(shown.invoiceHref, store!.baseURL).toString());
    expect(pdf.ok(), 'the tax invoice downloads').toBe(true);
    const file = test.info().outputPath(`${buyer}-tax-invoice.pdf`);
    writeFileSync(file, await pdf.body());
    const onInvoice = invoiceFigures(pdfText(file));
    expect(onInvoice.flat).toContain(`for order ${order.invoice_number}`);
    expect(
      [...onInvoice.lines].sort((a, b) => a.lineCents - b.lineCents || a.unitCents - b.unitCents),
      `${buyer}: the invoice's lines are the order's, inc. GST, each with the GST it includes`,
    ).toEqual(
      items
        .map((i) => ({
          quantity: i.quantity,
          unitCents: i.unitCents,
          gstCents: lineGstCents(i.lineCents, g),
          lineCents: i.lineCents,
        }))
        .sort((a, b) => a.lineCents - b.lineCents || a.unitCents - b.unitCents),
    );
    // A description may wrap (at a SKU's hyphen too), around the line's figures: read without them and spaces.
    const descriptions = onInvoice.flat
      .replace(new RegExp(`(?:^|\\s)\\d+ ${MONEY} ${MONEY} ${MONEY}(?=\\s|$)`, 'g'), ' ')
      .replace(/\s+/g, '');
    for (const i of items) {
      expect(descriptions, `${buyer}: the invoice describes ${i.sku}`).toContain(
        `${i.title} (SKU ${i.sku})`.replace(/\s+/g, ''),
      );
    }
    expect(onInvoice.rows, `${buyer}: the invoice's rows are the order's, inc. GST`).toEqual(expectedRows);
    expect(onInvoice.flat).toContain(`Total price includes GST of ${formatCents(amounts.gstCents)}.`);

    if (shown.display === 'inc_gst') {
      // Shown inc. GST, the page, the mail and the invoice are one and the same set of figures.
      expect(figuresOf(inMail.rows), `${buyer}: the mail's rows are the order page's`).toEqual(pageFigures);
      expect(figuresOf(onInvoice.rows), `${buyer}: the invoice's rows are the order page's`).toEqual(
        pageFigures,
      );
      expect(
        bySku(inMail.lines).map(({ sku: _sku, ...l }) => l),
        `${buyer}: the mail's lines are the order page's`,
      ).toEqual(
        bySku(shown.orderLines.map((l, n) => ({ ...l, sku: items[n]!.sku }))).map(({ sku: _sku, ...l }) => l),
      );
    } else {
      // Shown ex. GST, the page's total and GST are still those the documents print.
      const pageRow = (key: string) => shown.orderRows.find((r) => r.key === key)?.cents;
      expect(pageRow('total'), `${buyer}: the page's total is the documents'`).toBe(amounts.totalCents);
      expect(pageRow('gst'), `${buyer}: the page's GST is the documents'`).toBe(amounts.gstCents);
    }
    return { rows: inMail.rows };
  }

  /** The rows the mail and the invoice print for a cart's `computeCheckoutTotals`. */
  function rowsOfTotals(
    totals: CheckoutTotals,
    settings: Pick<CheckoutSettings, 'gstPercent'>,
    plan: string | null = null,
  ): ShownRow[] {
    return incGstRows(amountsOfTotals(totals, settings, { membershipPlanName: plan }));
  }

  test('a guest below the free-delivery threshold pays the rows shown, delivery included', async ({
    page,
  }) => {
    const { data: config } = await api<{ data: StoreConfig }>(page, '/api/store-config');
    const settings = {
      gstPercent: config.gst_percent,
      deliveryChargeCents: Math.round(config.delivery_charge * 100),
      freeDeliveryThresholdCents: Math.round(config.free_delivery_threshold * 100),
    };
    const plug = await unitCents(page, PLUG_SKU);
    const filter = await unitCents(page, FILTER_SKU);
    // Three plugs and a filter, below the threshold.
    const lines = [
      { sku: PLUG_SKU, quantity: 3 },
      { sku: FILTER_SKU, quantity: 1 },
    ];
    const expected = computeCheckoutTotals(
      [
        { unitPriceCents: plug, quantity: 3 },
        { unitPriceCents: filter, quantity: 1 },
      ],
      settings,
    );
    expect(expected.subtotalCents).toBeLessThan(settings.freeDeliveryThresholdCents);
    const { totals, documentRows } = await buy(page, 'guest', {
      email: `money-guest-${Date.now()}@example.com`,
      lines,
      plan: null,
    });
    expect(totals.delivery).toBe(settings.deliveryChargeCents);
    expect(totals.total).toBe(expected.totalCents);
    expect(documentRows, 'the mail and invoice rows are computeCheckoutTotals').toEqual(
      rowsOfTotals(expected, settings),
    );
  });

  test('a member holding a plan: member and plan discounts are rows, and the total is what is charged', async ({
    page,
  }) => {
    const { data: config } = await api<{ data: StoreConfig }>(page, '/api/store-config');
    const settings = {
      gstPercent: config.gst_percent,
      deliveryChargeCents: Math.round(config.delivery_charge * 100),
      freeDeliveryThresholdCents: Math.round(config.free_delivery_threshold * 100),
    };
    const email = `money-member-${Date.now()}@example.com`;
    await register(page, email, false);
    const plan = await grantPlan(page, email);
    const lines = [
      { sku: BATTERY_SKU, quantity: 1 },
      { sku: PLUG_SKU, quantity: 4 },
      { sku: FILTER_SKU, quantity: 2 },
    ];
    const { totals, documentRows } = await buy(page, 'member-plan', { email, lines, plan });
    expect(totals.signup_discount).toBeLessThan(0);
    expect(totals.membership_discount).toBeLessThan(0);
    const plug = await unitCents(page, PLUG_SKU);
    const filter = await unitCents(page, FILTER_SKU);
    const battery = await unitCents(page, BATTERY_SKU);
    const subtotal = battery + 4 * plug + 2 * filter;
    expect(totals.subtotal).toBe(subtotal);
    // The discounts are the member's signup percent and the plan's, as computeCheckoutTotals takes them.
    const signupPercent = (-totals.signup_discount! * 100) / subtotal;
    const planPercent = (-totals.membership_discount! * 100) / subtotal;
    const expected = computeCheckoutTotals(
      [
        { unitPriceCents: battery, quantity: 1 },
        { unitPriceCents: plug, quantity: 4 },
        { unitPriceCents: filter, quantity: 2 },
      ],
      settings,
      { signupPercent: Math.round(signupPercent), membershipPercent: Math.round(planPercent) },
    );
    expect(totals.total).toBe(expected.totalCents);
    expect(documentRows, 'the mail and invoice rows are computeCheckoutTotals').toEqual(
      rowsOfTotals(expected, settings, plan),
    );
  });

  test('a business member shown ex. GST: the ex-GST figures add up, and the subtotal reaching the threshold ships free', async ({
    page,
  }) => {
    const { data: config } = await api<{ data: StoreConfig }>(page, '/api/store-config');
    const threshold = Math.round(config.free_delivery_threshold * 100);
    const plug = await unitCents(page, PLUG_SKU);
    const filter = await unitCents(page, FILTER_SKU);
    // Just enough plugs with one filter to reach the threshold (inc. GST, before the member discount).
    const plugs = Math.min(100, Math.ceil((threshold - filter) / plug));
    const subtotal = filter + plugs * plug;
    expect(subtotal).toBeGreaterThanOrEqual(threshold);
    const email = `money-business-${Date.now()}@example.com`;
    await register(page, email, true);
    await chooseExGst(page);
    const { totals, documentRows } = await buy(page, 'business-ex-gst', {
      email,
      lines: [
        { sku: FILTER_SKU, quantity: 1 },
        { sku: PLUG_SKU, quantity: plugs },
      ],
      plan: null,
    });
    expect(totals.total_ex_gst).toBeDefined();
    expect(totals.delivery).toBe(0);
    // The total charged is computeCheckoutTotals' with the member's 10 % signup discount: below the threshold,
    // and delivery is still free (the rule reads the subtotal before order discounts).
    const settings = {
      gstPercent: config.gst_percent,
      deliveryChargeCents: Math.round(config.delivery_charge * 100),
      freeDeliveryThresholdCents: threshold,
    };
    const expected = computeCheckoutTotals(
      [
        { unitPriceCents: filter, quantity: 1 },
        { unitPriceCents: plug, quantity: plugs },
      ],
      settings,
      { signupPercent: 10 },
    );
    expect(totals.total).toBe(expected.totalCents);
    expect(expected.discountedSubtotalCents).toBeLessThan(threshold);
    // The mail and the invoice print the order inc. GST: computeCheckoutTotals' figures, not the ex-GST page's.
    expect(documentRows, 'the mail and invoice rows are computeCheckoutTotals, inc. GST').toEqual(
      rowsOfTotals(expected, settings),
    );
  });
});
