import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { NewsletterForm } from './newsletter-form';

function renderForm(answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <NewsletterForm />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NewsletterForm', () => {
  it('requires an email address', () => {
    renderForm(async () => new Response('{}'));
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect((input as HTMLInputElement).required).toBe(true);
    expect(input.getAttribute('type')).toBe('email');
  });

  it("posts the email, reads 'Subscribing...' while it waits and toasts the success", async () => {
    let answer: (response: Response) => void = () => {};
    const { fetchMock, user } = renderForm(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );

    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'jo@example.com.au');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const busy = await screen.findByRole('button', { name: 'Subscribing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/subscribe');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'jo@example.com.au' });

    answer(new Response(JSON.stringify({ message: 'Subscribed successfully!' }), { status: 200 }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.success)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe('');
  });

  it('toasts the failure when the server refuses', async () => {
    const { user } = renderForm(
      async () => new Response(JSON.stringify({ message: 'Invalid email' }), { status: 400 }),
    );

    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'jo@example.com.au');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText(NEWSLETTER_MESSAGES.failure)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe(
      'jo@example.com.au',
    );
  });
});
