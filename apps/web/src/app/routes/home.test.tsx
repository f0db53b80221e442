import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { AppProviders } from '../providers';
import { routes } from '../router';

type Answer = { status: number; body: unknown };

function stubApi(answers: Record<string, Answer>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      const answer = answers[path] ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

function renderApp(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('shows the store name, sets the title and lists the latest products', async () => {
    const products = Array.from({ length: 3 }, (_, i) =>
      makeProduct({ id: i + 1, title: `Oil Filter ${i + 1}`, permalink: `oil-filter-${i + 1}` }),
    );
    stubApi({
      '/api/store-config': { status: 200, body: { data: makeStoreConfig() } },
      '/api/latest-products': { status: 200, body: { data: { data: products } } },
    });

    renderApp();

    expect(await screen.findByRole('link', { name: /Southern Cross Auto Parts/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'New Products' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Oil Filter 3' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Oil Filter/ })).toHaveLength(3);
    expect(document.title).toBe('Southern Cross Auto Parts');
  });

  it("falls back to 'Online Store' and shows the error message when the API fails", async () => {
    stubApi({
      '/api/store-config': { status: 500, body: { message: 'Database unavailable' } },
      '/api/latest-products': { status: 500, body: { message: 'Database unavailable' } },
    });

    renderApp();

    expect(await screen.findByRole('link', { name: /Online Store/ })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('An unexpected error occurred.');
    expect(document.title).toBe('Online Store');
  });

  it('shows the not-found page for an unknown path', async () => {
    stubApi({ '/api/store-config': { status: 200, body: { data: makeStoreConfig() } } });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
