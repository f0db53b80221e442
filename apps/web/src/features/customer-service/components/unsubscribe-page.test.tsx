import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '@/test/fake-api';
import { heldAnswer, pageRequests, renderServicePage, resetPageTest } from './customer-service.fixtures';
import { UNSUBSCRIBE_FAILED, UnsubscribePage } from './unsubscribe-page';

afterEach(resetPageTest);

const TOKEN = 'uT0k3n_with-enough-characters';

describe('/unsubscribe?token= (issue 11; one button, issue 37 §4)', () => {
  it('sends nothing on opening; its one button posts the token once and says the reader is off the list', async () => {
    const held = heldAnswer();
    const { api, user, router } = renderServicePage(`/unsubscribe?token=${TOKEN}`, UnsubscribePage, {
      'POST /api/unsubscribe': () => held.promise,
    });

    expect(await screen.findByText('Stop receiving our newsletter emails?')).toBeTruthy();
    expect(pageRequests(api.requests)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Unsubscribing...')).toBeTruthy();
    held.release(json({ message: NEWSLETTER_MESSAGES.unsubscribed }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeTruthy();

    expect(pageRequests(api.requests)).toHaveLength(1);
    const call = pageRequests(api.requests)[0];
    expect(`${call?.url.pathname}${call?.url.search}`).toBe('/api/unsubscribe');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ token: TOKEN });

    await user.click(screen.getByRole('link', { name: 'Back to the home page' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([400, 404])('a %i says the link is not valid', async (status) => {
    const { user } = renderServicePage(`/unsubscribe?token=${TOKEN}`, UnsubscribePage, {
      'POST /api/unsubscribe': () => json({ message: 'Unknown token' }, status),
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.unsubscribeInvalid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('without a token says the link is not valid and sends nothing', async () => {
    const { api } = renderServicePage('/unsubscribe', UnsubscribePage, {
      'POST /api/unsubscribe': () => json({ message: NEWSLETTER_MESSAGES.unsubscribed }),
    });
    expect(await screen.findByText(NEWSLETTER_MESSAGES.unsubscribeInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeTruthy();
    expect(pageRequests(api.requests)).toHaveLength(0);
  });

  it('offers to try again when the server fails, and then succeeds', async () => {
    let status = 503;
    const { api, user } = renderServicePage(`/unsubscribe?token=${TOKEN}`, UnsubscribePage, {
      'POST /api/unsubscribe': () =>
        status === 200
          ? json({ message: NEWSLETTER_MESSAGES.unsubscribed })
          : json({ message: 'Service unavailable' }, status),
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(UNSUBSCRIBE_FAILED)).toBeTruthy();

    status = 200;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeTruthy();
    expect(pageRequests(api.requests)).toHaveLength(2);
  });
});
