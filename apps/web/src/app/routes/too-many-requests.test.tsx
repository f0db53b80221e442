import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_VISITED_URL_KEY } from '@/lib/too-many-requests';
import { renderRoute } from '@/test/render-route';
import { TooManyRequestsRoute, waitMessage } from './too-many-requests';

/** The waiting page, reached from home, with stand-ins for the pages it sends the shopper back to. */
function renderPage() {
  const { router } = renderRoute('/too-many-requests', {
    before: ['/'],
    routes: [
      { path: '/too-many-requests', element: <TooManyRequestsRoute /> },
      { path: '/shop', element: <h1>Shop page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
  });
  return router;
}

/** The countdown the shopper sees (the spoken copy lives in the status region). */
const shown = () => document.querySelector('.rate-limit__count')?.textContent;

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('/too-many-requests (SPEC §2, §9)', () => {
  it('counts 30 seconds down on screen in a polite status overlay', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Too many requests' })).toBeTruthy();
    expect(shown()).toBe('Please wait 30 seconds…');
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Please wait 30 seconds…');
    expect(document.querySelector('.rate-limit__spinner')).toBeTruthy();

    await advance(1000);
    expect(shown()).toBe('Please wait 29 seconds…');
    // Spoken every 10 seconds only, so a screen reader is not read a number each second.
    expect(status.textContent).toBe('Please wait 30 seconds…');

    await advance(9000);
    expect(shown()).toBe('Please wait 20 seconds…');
    expect(status.textContent).toBe('Please wait 20 seconds…');

    await advance(19_000);
    expect(shown()).toBe('Please wait 1 second…');
    await advance(1000);
    expect(shown()).toBe('Taking you back…');
    expect(status.textContent).toBe('Taking you back…');
  });

  it('returns to lastVisitedUrl after 45 seconds, and forgets it', async () => {
    sessionStorage.setItem(LAST_VISITED_URL_KEY, '/shop?page=2&brand=voltcore');
    const router = renderPage();

    await advance(44_999);
    expect(router.state.location.pathname).toBe('/too-many-requests');

    await advance(1);
    expect(router.state.location.pathname).toBe('/shop');
    expect(router.state.location.search).toBe('?page=2&brand=voltcore');
    expect(screen.getByRole('heading', { name: 'Shop page' })).toBeTruthy();
    expect(sessionStorage.getItem(LAST_VISITED_URL_KEY)).toBeNull();
    // The waiting page was replaced: Back goes where the shopper was before it.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([['https://evil.example/'], ['//evil.example/'], [null]])(
    'goes home instead of to %j',
    async (remembered) => {
      if (remembered !== null) sessionStorage.setItem(LAST_VISITED_URL_KEY, remembered);
      const router = renderPage();
      await advance(45_000);
      expect(router.state.location.pathname).toBe('/');
      expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    },
  );

  it('words the countdown', () => {
    expect(waitMessage(30)).toBe('Please wait 30 seconds…');
    expect(waitMessage(1)).toBe('Please wait 1 second…');
    expect(waitMessage(0)).toBe('Taking you back…');
  });
});
