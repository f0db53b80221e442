import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ThankYouRoute } from '@/app/routes/thank-you';
import { saveLastOrder } from '@/features/checkout/last-order';

function renderThankYou() {
  const router = createMemoryRouter([{ path: '/thank-you', element: <ThankYouRoute /> }], {
    initialEntries: ['/thank-you'],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => sessionStorage.clear());

describe('/thank-you', () => {
  it('shows the order just placed: invoice number, order id, total and a link that tracks it', () => {
    const signedInvoice = '/api/orders/q7XkP2mN9vR4tY8w/tax-invoice?expires=1767225600&signature=abc';
    saveLastOrder({
      id: 'q7XkP2mN9vR4tY8w',
      invoice_number: 'INV-000042',
      totalCents: 17589,
      taxInvoiceUrl: signedInvoice,
    });
    renderThankYou();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.getByText('INV-000042')).toBeTruthy();
    expect(screen.getByText('q7XkP2mN9vR4tY8w')).toBeTruthy();
    expect(screen.getByText('$175.89')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
      '/guest-track-order?id=q7XkP2mN9vR4tY8w',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    // Issue 18 §3: the order's tax invoice, through the link the place-order answer signed (decision 0044).
    const invoice = screen.getByRole('link', { name: 'Download tax invoice' });
    expect(invoice.getAttribute('href')).toBe(signedInvoice);
    expect(invoice.hasAttribute('download')).toBe(true);
  });

  it('offers no tax invoice without a signed link (an unpaid order), nor a link that is not our API', () => {
    saveLastOrder({ id: 'q7XkP2mN9vR4tY8w', invoice_number: 'INV-000042', totalCents: 17589 });
    renderThankYou();
    expect(screen.getByText('INV-000042')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download tax invoice' })).toBeNull();
    sessionStorage.setItem(
      'lastOrder',
      JSON.stringify({
        id: 'q7XkP2mN9vR4tY8w',
        invoice_number: 'INV-000042',
        totalCents: 17589,
        taxInvoiceUrl: 'https://evil.example/x.pdf',
      }),
    );
    renderThankYou();
    expect(screen.queryByRole('link', { name: 'Download tax invoice' })).toBeNull();
  });

  it('without an order from this tab: a plain thank-you with the same ways on', () => {
    renderThankYou();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.queryByText('Invoice number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
      '/guest-track-order',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download tax invoice' })).toBeNull();
  });
});
