import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { heldAnswer, json, renderPage, resetPageTest, stubFetch } from './customer-service.fixtures';
import { UNSUBSCRIBE_FAILED, UnsubscribePage } from './unsubscribe-page';

afterEach(resetPageTest);

const TOKEN = 'uT0k3n_with-enough-characters';

describe('/unsubscribe?token= (issue 11)', () => {
  it('posts the token once under StrictMode and says the reader is off the list, with a way home', async () => {
    const held = heldAnswer();
    const api = stubFetch(() => held.promise);
    const { user, router } = renderPage(`/unsubscribe?token=${TOKEN}`, UnsubscribePage);

    expect(await screen.findByText('Unsubscribing...')).toBeTruthy();
    held.release(json({ message: NEWSLETTER_MESSAGES.unsubscribed }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeTruthy();

    expect(api.calls()).toHaveLength(1);
    const [url, init] = api.calls()[0] ?? [];
    expect(url).toBe('/api/unsubscribe');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });

    await user.click(screen.getByRole('link', { name: 'Back to the home page' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([400, 404])('a %i says the link is not valid', async (status) => {
    stubFetch(() => json({ message: 'Unknown token' }, status));
    renderPage(`/unsubscribe?token=${TOKEN}`, UnsubscribePage);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.unsubscribeInvalid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('without a token says the link is not valid and sends nothing', async () => {
    const api = stubFetch(() => json({ message: NEWSLETTER_MESSAGES.unsubscribed }));
    renderPage('/unsubscribe', UnsubscribePage);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.unsubscribeInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });

  it('offers to try again when the server fails, and then succeeds', async () => {
    let status = 503;
    const api = stubFetch(() =>
      status === 200
        ? json({ message: NEWSLETTER_MESSAGES.unsubscribed })
        : json({ message: 'Service unavailable' }, status),
    );
    const { user } = renderPage(`/unsubscribe?token=${TOKEN}`, UnsubscribePage);
    expect(await screen.findByText(UNSUBSCRIBE_FAILED)).toBeTruthy();

    status = 200;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeTruthy();
    expect(api.calls()).toHaveLength(2);
  });
});
