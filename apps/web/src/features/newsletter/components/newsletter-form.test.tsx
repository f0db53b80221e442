import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { json, type ApiHandler } from '@/test/fake-api';
import { renderPage } from '@/test/render-route';
import { NewsletterForm } from './newsletter-form';

/** The form alone, with the toasts, over the fake API answering the subscription with `subscribe`. */
function renderForm(subscribe: ApiHandler) {
  return renderPage(<NewsletterForm />, {
    beside: <ToastContainer />,
    api: { 'POST /api/subscribe': subscribe },
  });
}

describe('NewsletterForm', () => {
  it('requires an email address', () => {
    renderForm(() => json({}));
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect((input as HTMLInputElement).required).toBe(true);
    expect(input.getAttribute('type')).toBe('email');
  });

  it("posts the email, reads 'Subscribing...' while it waits and toasts the success", async () => {
    let answer: (response: Response) => void = () => {};
    const { api, user } = renderForm(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );

    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'jo@example.com.au');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const busy = await screen.findByRole('button', { name: 'Subscribing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [asked] = api.requestsTo('/api/subscribe');
    expect(asked?.method).toBe('POST');
    expect(asked?.body).toEqual({ email: 'jo@example.com.au' });

    answer(json({ message: 'Subscribed successfully!' }));
    expect(await screen.findByText(NEWSLETTER_MESSAGES.success)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe('');
  });

  it('toasts the failure when the server refuses', async () => {
    const { user } = renderForm(() => json({ message: 'Invalid email' }, 400));

    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'jo@example.com.au');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText(NEWSLETTER_MESSAGES.failure)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe(
      'jo@example.com.au',
    );
  });
});
