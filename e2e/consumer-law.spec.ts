/**
 * The Consumer Law's words (issue 18 §4, decision 0037): the home page's warranty claim leads to the warranty
 * against defects, which carries regulation 90(2)'s text word for word and the store's name, address, phone and
 * email as its settings give them (read from /api/store-config, not written here); the return policy keeps the
 * SPEC's texts and says that nothing in it limits the consumer guarantees; the FAQ's refund answers say so too.
 * Screens of /warranty, /return-policy and the FAQ's refund answers at both widths go to docs/screens, each
 * checked with axe and for overflow.
 */
import type { StoreConfig } from '@store/shared/store-settings';
import { REFUND_TIME, returnsSentence, storePromisesOf } from '@store/shared/store-promises';
import { expect, test, type Page } from './support/test';
import { screen } from './support/screens';

/** Regulation 90(2) of the Competition and Consumer Regulations 2010, as the regulation words it. */
const REGULATION_90_TEXT =
  'Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. You are entitled to a replacement or refund for a major failure and compensation for any other reasonably foreseeable loss or damage. You are also entitled to have the goods repaired or replaced if the goods fail to be of acceptable quality and the failure does not amount to a major failure.';

const NOT_LIMITED =
  'Nothing in our return policy limits your rights under the consumer guarantees of the Australian Consumer Law.';
const REASONABLE_TIME =
  /covered for a reasonable time after you buy it, whatever the return or reporting window says/;

interface Business {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** The store's name and business contact as configured. */
async function business(page: Page): Promise<Business> {
  const answer = await page.request.get('/api/store-config');
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as {
    data: { store_name: string; business_contact: { address: string; phone: string; email: string } };
  };
  const found = { name: data.store_name, ...data.business_contact };
  // The demo store configures all four: a warranty must name them (regulation 90).
  for (const [field, value] of Object.entries(found)) expect(value, field).not.toBe('');
  return found;
}

/** The page's main text, white space made single. */
async function mainText(page: Page): Promise<string> {
  return ((await page.getByRole('main').textContent()) ?? '').replace(/\s+/g, ' ');
}

test("the home page's warranty claim leads to the warranty against defects, with the regulation's text and the store's details", async ({
  page,
}, testInfo) => {
  const store = await business(page);

  // The claim is a link in the server-rendered home page already, before any script runs.
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(/<a[^>]*href="\/warranty"[^>]*>\s*<strong>Premium warranty<\/strong>/);

  await page.goto('/');
  const services = page.getByRole('region', { name: 'Why shop with us' });
  const claim = services.getByRole('link', { name: /Premium warranty/ });
  await expect(claim).toContainText('Up to 2 years');
  await claim.click();

  await expect(page).toHaveURL('/warranty');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Warranty Against Defects' })).toBeVisible();
  await expect(page).toHaveTitle(`Warranty Against Defects | ${store.name}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /up to 2 years/);

  // The prescribed text, word for word, set apart; and the statement that the warranty adds to other rights.
  await expect(main.locator('.content-note')).toHaveText(REGULATION_90_TEXT);
  const text = await mainText(page);
  expect(text).toContain(REGULATION_90_TEXT);
  expect(text).toContain(
    'The benefits given to you by this warranty are in addition to other rights and remedies you have under a law in relation to the goods',
  );

  // Who gives it: the store's name, address, phone and email as configured.
  const warrantor = main.getByRole('region', { name: 'Who gives this warranty' });
  for (const value of [store.name, store.address, store.phone, store.email]) {
    await expect(warrantor).toContainText(value);
  }
  await expect(warrantor.getByRole('link', { name: store.email })).toHaveAttribute(
    'href',
    `mailto:${store.email}`,
  );
  await expect(warrantor.getByRole('link', { name: store.phone })).toHaveAttribute('href', /^tel:\+?\d{8,}$/);

  // The rest of what regulation 90 asks for: what we do, the period, what the shopper does, how to claim, costs.
  for (const section of [
    'What we will do',
    'Warranty period',
    'What you need to do',
    'How to claim',
    'Costs of claiming',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  expect(text).toContain('repair it, replace it');
  expect(text).toContain('up to 2 years');
  expect(text).toContain('We pay the reasonable costs of claiming under this warranty');
  const howToClaim = main.getByRole('region', { name: 'How to claim' });
  await expect(howToClaim).toContainText(store.email);
  await expect(howToClaim).toContainText(store.phone);
  await howToClaim.getByRole('link', { name: 'return form' }).scrollIntoViewIfNeeded();

  await screen(page, testInfo, 'warranty');

  await howToClaim.getByRole('link', { name: 'return form' }).click();
  await expect(page).toHaveURL('/return-order');
});

test('the return policy keeps its SPEC texts and says first that nothing limits the consumer guarantees', async ({
  page,
}, testInfo) => {
  await page.goto('/return-policy');
  const main = page.getByRole('main');
  const notice = main.getByRole('region', { name: 'Faulty items and your consumer guarantees' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(NOT_LIMITED);
  await expect(notice).toContainText(REASONABLE_TIME);
  await expect(notice).toContainText('for a major failure you can choose a refund or a replacement');
  await expect(notice).toContainText('we will repair or replace the item within a reasonable time');
  // It comes before the policy's windows, so nobody reads them first.
  const sections = await main.getByRole('heading', { level: 2 }).allTextContents();
  expect(sections.indexOf('Faulty items and your consumer guarantees')).toBeLessThan(
    sections.indexOf('At a glance'),
  );

  // The SPEC's texts, as they were.
  const text = await mainText(page);
  for (const said of [
    'within 30 days of delivery for a full refund',
    'within 24 to 48 hours',
    'within 5 business days',
    'original payment method',
    'no restocking fee',
    'within 24 hours of placing it',
  ]) {
    expect(text).toContain(said);
  }
  expect(text).toContain(REGULATION_90_TEXT);

  await screen(page, testInfo, 'return-policy');

  await notice.getByRole('link', { name: 'warranty against defects' }).click();
  await expect(page).toHaveURL('/warranty');
});

test("the FAQ's refund answers keep the SPEC's answers and say the same", async ({ page }, testInfo) => {
  // The returns window as the store's settings give it (issue 36 §5).
  const config = ((await (await page.request.get('/api/store-config')).json()) as { data: StoreConfig }).data;
  await page.goto('/faqs');
  await page.getByRole('tab', { name: /^Returns & Refunds/ }).click();
  const panel = page.getByRole('tabpanel');
  const answers = [
    // The return policy's window and refund time (issue 34 §3, decision 0045).
    ['What is your return policy?', returnsSentence(storePromisesOf(config))],
    ['When will I get my refund?', `within ${REFUND_TIME}`],
    ['What if my item arrives damaged or faulty?', 'within 24 to 48 hours of delivery'],
  ] as const;
  for (const [question, specAnswer] of answers) {
    await panel.getByRole('button', { name: question }).click();
    const answer = panel.getByRole('region', { name: question });
    await expect(answer).toContainText(specAnswer);
    await expect(answer).toContainText(NOT_LIMITED);
    await expect(answer).toContainText(REASONABLE_TIME);
    await expect(answer.getByRole('link', { name: 'Read our warranty against defects' })).toHaveAttribute(
      'href',
      '/warranty',
    );
  }
  // The last one stays open for the picture.
  await screen(page, testInfo, 'faqs-refunds');

  await panel
    .getByRole('region', { name: 'What if my item arrives damaged or faulty?' })
    .getByRole('link', { name: 'Read our warranty against defects' })
    .click();
  await expect(page).toHaveURL('/warranty');
  await expect(page.getByRole('main')).toContainText(REGULATION_90_TEXT);
});
