import { screen, waitFor, within } from '@testing-library/react';
import {
  CARRIERS_SENTENCE,
  DEFAULT_STORE_PROMISES,
  DELIVERY_AREA_SENTENCE,
  deliveryEstimateSentence,
  deliveryRuleSentence,
  deliverySettingsOf,
  REFUND_TIME,
  returnsSentence,
} from '@store/shared/store-promises';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { FaqPage } from './faq-page';

/** The FAQ page alone (any other page a stand-in) over the fake API serving CONFIG as the store's settings. */
function renderFaqs() {
  const { router } = renderRoute('/faqs', {
    routes: [
      { path: '/faqs', Component: FaqPage },
      { path: '*', element: <h1>Other page</h1> },
    ],
    api: { 'GET /api/store-config': { data: CONFIG } },
  });
  return router;
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const questions = () => within(screen.getByRole('tabpanel')).getAllByRole('button');
const question = (name: string) => screen.getByRole('button', { name });

/** The demo store's settings after issue 34: $16.50 delivery inc. GST under $100 inc. GST. */
const CONFIG = makeStoreConfig({ delivery_charge: 16.5, free_delivery_threshold: 100 });

describe('/faqs (SPEC §2)', () => {
  it('lists the four categories with 8, 5, 9 and 6 questions, the first selected at the start', async () => {
    const user = userEvent.setup();
    renderFaqs();

    const tabs = within(screen.getByRole('tablist', { name: 'Question categories' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Ordering & Shipping8 questions',
      'Returns & Refunds5 questions',
      'Product Information9 questions',
      'Account & Payment6 questions',
    ]);
    expect(tab('Ordering & Shipping').getAttribute('aria-selected')).toBe('true');
    expect(tabs.filter((t) => t.getAttribute('aria-selected') === 'true')).toHaveLength(1);
    // Only the selected category's panel shows, headed by its name.
    const panel = screen.getByRole('tabpanel');
    expect(panel.id).toBe(tab('Ordering & Shipping').getAttribute('aria-controls'));
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Ordering & Shipping');

    const counts: number[] = [];
    for (const name of [
      'Ordering & Shipping',
      'Returns & Refunds',
      'Product Information',
      'Account & Payment',
    ]) {
      await user.click(tab(name));
      expect(tab(name).getAttribute('aria-selected')).toBe('true');
      counts.push(questions().length);
    }
    expect(counts).toEqual([8, 5, 9, 6]);
  });

  it('opens one answer at a time, and a second click closes it', async () => {
    const user = userEvent.setup();
    renderFaqs();

    const first = question('Do you ship internationally?');
    const second = question('How long does it take to process my order?');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    const firstAnswer = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(firstAnswer).not.toBeNull();
    expect(firstAnswer!.hidden).toBe(true);

    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(firstAnswer!.hidden).toBe(false);
    expect(screen.getByRole('region', { name: 'Do you ship internationally?' }).textContent).toContain(
      DELIVERY_AREA_SENTENCE,
    );

    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(firstAnswer!.hidden).toBe(true);
    expect(screen.getAllByRole('region')).toHaveLength(1);

    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('works from the keyboard: arrows, Home and End pick a category; Enter and Space toggle an answer', async () => {
    const user = userEvent.setup();
    renderFaqs();

    await user.tab();
    await user.tab(); // past the breadcrumb's Home link
    expect(document.activeElement).toBe(tab('Ordering & Shipping'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tab('Returns & Refunds'));
    expect(tab('Returns & Refunds').getAttribute('aria-selected')).toBe('true');
    expect(tab('Returns & Refunds').tabIndex).toBe(0);
    expect(tab('Ordering & Shipping').tabIndex).toBe(-1);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Account & Payment'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Ordering & Shipping'));
    await user.keyboard('{ArrowUp}');
    expect(tab('Account & Payment').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(tab('Ordering & Shipping').getAttribute('aria-selected')).toBe('true');

    // Tab leaves the category list for the first question.
    await user.tab();
    const first = question('Do you ship internationally?');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the open answer when another category is chosen', async () => {
    const user = userEvent.setup();
    renderFaqs();
    await user.click(question('Do you ship internationally?'));
    await user.click(tab('Returns & Refunds'));
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    await user.click(tab('Ordering & Shipping'));
    expect(question('Do you ship internationally?').getAttribute('aria-expanded')).toBe('false');
  });

  it("has a 'Still have questions?' box that leads to /contact-us", async () => {
    const user = userEvent.setup();
    const router = renderFaqs();
    const box = screen.getByRole('complementary', { name: 'Still have questions?' });
    const link = within(box).getByRole('link', { name: 'Contact us' });
    expect(link.getAttribute('href')).toBe('/contact-us');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/contact-us');
  });

  it("answers with the store's promises, as the policies state them (issue 34 §3)", async () => {
    renderFaqs();
    const text = (name: string) =>
      (document.getElementById(tab(name).getAttribute('aria-controls') ?? '')?.textContent ?? '').replace(
        /\s+/g,
        ' ',
      );
    // The delivery rule is worded from the store's settings once they are read.
    const rule = deliverySettingsOf(CONFIG);
    await waitFor(() => expect(text('Ordering & Shipping')).toContain(deliveryRuleSentence(rule)));
    const ordering = text('Ordering & Shipping');
    expect(ordering).toContain('Free delivery on orders of $100 or more; flat $16.50 delivery under $100.');
    expect(ordering).toContain(DELIVERY_AREA_SENTENCE);
    expect(ordering).toContain(deliveryEstimateSentence(DEFAULT_STORE_PROMISES));
    expect(ordering).toContain(CARRIERS_SENTENCE);
    // The SPEC's FAQ claims the policies contradict are gone.
    for (const gone of [/international shipping/i, /UPS|FedEx|DHL|USPS/, /1-2 business days/, /over \$100/]) {
      expect(ordering).not.toMatch(gone);
    }
    const returns = text('Returns & Refunds');
    expect(returns).toContain(returnsSentence(DEFAULT_STORE_PROMISES));
    expect(returns).toContain('unused and in their original packaging');
    expect(returns).toContain(`within ${REFUND_TIME}`);
    expect(returns).not.toContain('5-7 business days');
    expect(returns).toContain('original payment method');
    const products = text('Product Information');
    expect(products).toContain('up to 2 years');
    const account = text('Account & Payment');
    expect(account).toContain('check out as a guest');
    expect(account).toContain('one payment method per transaction');
    expect(account).toContain('Forgot Password link');
  });

  it('says in every refund answer that nothing limits the consumer guarantees, and links the warranty', async () => {
    const user = userEvent.setup();
    renderFaqs();
    await user.click(tab('Returns & Refunds'));
    for (const name of [
      'What is your return policy?',
      'When will I get my refund?',
      'What if my item arrives damaged or faulty?',
    ]) {
      await user.click(question(name));
      const answer = screen.getByRole('region', { name });
      const said = (answer.textContent ?? '').replace(/\s+/g, ' ');
      expect(said, name).toContain(
        'Nothing in our return policy limits your rights under the consumer guarantees of the Australian Consumer Law.',
      );
      expect(said, name).toContain(
        'covered for a reasonable time after you buy it, whatever the return or reporting window says',
      );
      expect(said, name).toContain('a refund or a replacement');
      expect(
        within(answer).getByRole('link', { name: 'Read our warranty against defects' }).getAttribute('href'),
      ).toBe('/warranty');
    }
    // The refund time is the return policy's (issue 34 §3: the FAQ's 5-7 business days is not kept).
    await user.click(question('When will I get my refund?'));
    expect(screen.getByRole('region', { name: 'When will I get my refund?' }).textContent).toContain(
      `within ${REFUND_TIME}`,
    );
  });
});
