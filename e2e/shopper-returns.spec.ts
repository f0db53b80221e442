/**
 * A guest returns one line of an order (issue 37 §3 "Must show", decision 0057), on a phone with a slow network and
 * CPU: the order is placed through the API (the checkout has its own journeys), then the guest finds it on
 * /guest-track-order by its number and email, follows "Return items from this order" to the form the order fills
 * in, returns one unit of one line as faulty, reads the confirmation page with the request's number, finds the
 * confirmation mail with that number in the outbox, and sees the request in the order's Returns section.
 */
import { computeCheckoutTotals, lineSubtotalCents, unitPriceCentsOf } from '@store/shared/checkout-totals';
import type { PricedProductFields } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { TEST_PAYMENT_METHOD_PAYS } from '@store/shared/test-payments';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from './support/test';
import { mailFromOutbox } from './support/outbox';
import { screen } from './support/screens';
import { SLOW_4G_PHONE, throttleLikeSlowPhone } from './support/slow-phone';

/** Demo products at their list prices (data/demo-catalog/products.csv). */
const SKUS = ['BL-H4-6055', 'BL-H7-55'];

/** A paid guest order of two units of the first product and one of the second; answers its number and email. */
async function placePaidOrder(request: APIRequestContext, email: string) {
  const products = await Promise.all(
    SKUS.map(async (sku) => {
      const { data } = (await (await request.get(`/api/products/${sku}`)).json()) as {
        data: PricedProductFields & { id: number };
      };
      return data;
    }),
  );
  const { data: config } = (await (await request.get('/api/store-config')).json()) as {
    data: { gst_percent: number; delivery_charge: number; free_delivery_threshold: number };
  };
  const lines = products.map((p, i) => ({
    id: p.id,
    unitPriceCents: unitPriceCentsOf(p) ?? 0,
    quantity: 2 - i,
  }));
  const totals = computeCheckoutTotals(lines, {
    gstPercent: config.gst_percent,
    deliveryChargeCents: Math.round(config.delivery_charge * 100),
    freeDeliveryThresholdCents: Math.round(config.free_delivery_threshold * 100),
  });
  const d = centsToDecimalString;
  const placed = await request.post('/api/place-order', {
    headers: { 'idempotency-key': `returns-journey-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      f_name: 'Robin',
      l_name: 'Returner',
      email,
      phone: '0412345678',
      street_address: '12 Railway Terrace',
      city: 'Guildford',
      state: 'NSW',
      post_code: '2161',
      payment_method: 'Stripe',
      stripePaymentMethodId: TEST_PAYMENT_METHOD_PAYS,
      products: lines.map((l) => ({ id: l.id, quantity: l.quantity, qp_subtotal: d(lineSubtotalCents(l)) })),
      subTotal: d(totals.subtotalCents),
      delivery_charges: d(totals.deliveryChargeCents),
      totalGst: d(totals.gstCents),
      grand_total: d(totals.totalCents),
      total_amount: d(totals.totalCents),
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { data } = (await placed.json()) as { data: { invoice_number: string } };
  return data.invoice_number;
}

/**
 * The screen's checks (axe, width) and picture at full CPU speed: axe under a 4× slower CPU takes minutes, and the
 * checks are about the page, not the phone. The shopper's steps around them stay throttled.
 */
async function screenAtFullSpeed(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name !== 'phone') return screen(page, testInfo, name);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await screen(page, testInfo, name);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G_PHONE.cpuSlowdown });
  await cdp.detach();
}

test('a guest returns one line of an order by its number and email, to the confirmation page and mail', async ({
  page,
  request,
}, testInfo) => {
  // A slow phone on purpose, and four pages' axe checks: on a busy 2-core machine a first page alone took 15 s.
  test.setTimeout(240_000);
  const email = `returner.${Date.now()}@example.com`;
  const orderNumber = await placePaidOrder(request, email);
  // The phone is a slow one (issue 37 "Must show"); the desktop run is there for the 1366 px screens.
  if (testInfo.project.name === 'phone') await throttleLikeSlowPhone(page);

  await page.goto('/guest-track-order');
  await page.getByLabel(ORDER_NUMBER_LABEL).fill(orderNumber);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('article', { name: `${ORDER_NUMBER_LABEL} ${orderNumber}` })).toBeVisible({
    timeout: 45_000,
  });
  await page.getByRole('link', { name: 'Return items from this order' }).click();

  // The form the order fills in: the order's name and email, its lines, the policy's terms.
  // The page's script and the order's look-up over the slow link: longer than the usual 10 s.
  const onSlowLink = { timeout: 45_000 };
  await expect(page.getByText(`Order ${orderNumber} found. Choose the items to return.`)).toBeVisible(
    onSlowLink,
  );
  const form = page.getByRole('form', { name: 'Return an order' });
  await expect(form.getByLabel(/^First name/)).toHaveValue('Robin');
  await expect(form.getByLabel(/^Email/)).toHaveValue(email);
  await expect(
    form.getByText('You can return an item within 30 days of delivery for a full refund.'),
  ).toBeVisible();
  const firstLine = form.getByRole('combobox', { name: /to return \(up to 2\)/ });
  await firstLine.selectOption('1');
  await form.getByRole('radio', { name: 'Faulty' }).check();
  await form.getByLabel(/^Message/).fill('The globe flickers and went dark after a day.');
  await screenAtFullSpeed(page, testInfo, 'return-form');

  await form.getByRole('button', { name: 'Send Return Request' }).click();
  const heading = page.getByRole('heading', { name: /^Return request RR-\d{6} received$/ });
  await expect(heading).toBeVisible(onSlowLink);
  const number = /RR-\d{6}/.exec(await heading.innerText())?.[0] ?? '';
  await expect(page.getByText('We check your request and reply by email within 24 hours.')).toBeVisible();
  await screenAtFullSpeed(page, testInfo, 'return-confirmation');

  // The customer's copy, with the number, the line and what happens next.
  let mail = await mailFromOutbox(`we have your return request ${number}`);
  await expect
    .poll(async () => (mail = await mailFromOutbox(`we have your return request ${number}`)))
    .not.toBeNull();
  expect(mail?.to).toContain(email);
  expect(mail?.text).toMatch(/1 × .+ \(SKU BL-H4-6055\)/);
  expect(mail?.text).toContain('Reason: Faulty');

  // The order's tracking page shows the request in its Returns section.
  await page.goto('/guest-track-order');
  await page.getByLabel(ORDER_NUMBER_LABEL).fill(orderNumber);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Track Order' }).click();
  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns).toContainText(number, onSlowLink);
  await expect(returns).toContainText('Requested: we are checking your request');
});
