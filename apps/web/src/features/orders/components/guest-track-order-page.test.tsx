import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestTrackOrderRoute } from '@/app/routes/guest-track-order';
import { OrderDetailsRoute } from '@/app/routes/order-details';
import { ORDER_MESSAGES, ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { TAX_INVOICE_MESSAGES } from '@store/shared/tax-invoice';
import { json, type ApiHandler, type ApiRequest, type ApiTable } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { makeOrderDetail } from '@/test/order-fixtures';
import { TRACK_EMAIL_LABEL } from './guest-track-order-page';
import { ORDER_EMAIL_LABEL } from '@/components/order-documents';

type Answer = { status: number; body: unknown } | Promise<Response>;
type Lookup = (request: ApiRequest) => Answer;

/** The order lookups asked in this test, oldest first, and the answer they get (set by answerLookups). */
let calls: ApiRequest[] = [];
let answerLookup: Lookup = () => ({ status: 500, body: { message: 'No answer set' } });

/** Answers this test's order lookups (track, details, document links) with `answer`; returns those asked. */
function answerLookups(answer: Lookup) {
  calls = [];
  answerLookup = answer;
  return calls;
}

const lookup: ApiHandler = (request) => {
  calls.push(request);
  const answer = answerLookup(request);
  if (answer instanceof Promise) return answer;
  return json(answer.body, answer.status);
};

/** The order pages' API: every order lookup is answered by the test's answerLookups. */
const ORDER_API: ApiTable = {
  'POST /api/guest/track-order': lookup,
  'GET /api/orders-detail': lookup,
  'POST /api/orders/:id/document-links': lookup,
};

function renderAt(path: string) {
  return renderRoute(path, {
    routes: [
      { path: '/guest-track-order', element: <GuestTrackOrderRoute /> },
      { path: '/order-details', element: <OrderDetailsRoute /> },
    ],
    api: ORDER_API,
  });
}

const found = (overrides = {}) => ({ status: 200, body: { data: makeOrderDetail(overrides) } });

/** The value shown beside a label in a definition list. */
function valueOf(label: string, scope: HTMLElement = document.body): string | null | undefined {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/guest-track-order', () => {
  it("starts idle: heading, the order number and email inputs and 'Track Order', and asks nothing", () => {
    const calls = answerLookups(() => found());
    renderAt('/guest-track-order');
    expect(screen.getByRole('heading', { level: 1, name: 'Track Order' })).toBeTruthy();
    const input = screen.getByLabelText(ORDER_NUMBER_LABEL) as HTMLInputElement;
    expect(input.value).toBe('');
    expect(input.required).toBe(false);
    const email = screen.getByLabelText(TRACK_EMAIL_LABEL) as HTMLInputElement;
    expect([email.type, email.value, email.autocomplete]).toEqual(['email', '', 'email']);
    expect(screen.getByRole('button', { name: 'Track Order' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("an id in the query looks the order up at once, reading 'Loading...' meanwhile", async () => {
    let answer: (r: Response) => void = () => {};
    const calls = answerLookups(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/guest-track-order?id=q7XkP2mN9vR4tY8w');

    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(ORDER_NUMBER_LABEL) as HTMLInputElement).value).toBe('q7XkP2mN9vR4tY8w');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/guest/track-order');
    expect(calls[0]?.body).toEqual({ id: 'q7XkP2mN9vR4tY8w' });

    answer(new Response(JSON.stringify(found().body), { status: 200 }));
    expect(await screen.findByRole('heading', { name: `${ORDER_NUMBER_LABEL} INV-000042` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Track Order' })).toBeTruthy();
  });

  it('shows every field: facts, shipping details, items and totals; card as Card; date dd/mm/yyyy in Sydney', async () => {
    answerLookups(() => found());
    renderAt('/guest-track-order?id=q7XkP2mN9vR4tY8w');
    const order = await screen.findByRole('article', { name: `${ORDER_NUMBER_LABEL} INV-000042` });

    expect(valueOf(ORDER_NUMBER_LABEL, order)).toBe('INV-000042');
    // Issue 37 §2: the SPEC's headings, the shopper's words.
    expect(valueOf('Order Status', order)).toBe('Received');
    // 14:30 UTC on 4 March is 1:30 am on 5 March in Sydney.
    expect(valueOf('Date', order)).toBe('05/03/2025');
    expect(valueOf('Payment Method', order)).toBe('Card');
    expect(valueOf('Payment Status', order)).toBe('Awaiting payment');

    const shipping = within(order).getByRole('heading', { name: 'Shipping Details' }).parentElement!;
    expect(valueOf('Address', shipping)).toBe('12 Railway Terrace, Guildford NSW 2161');
    expect(valueOf('Street address', shipping)).toBe('12 Railway Terrace');
    expect(valueOf('City', shipping)).toBe('Guildford');
    expect(valueOf('State', shipping)).toBe('NSW');
    expect(valueOf('Post code', shipping)).toBe('2161');

    const table = within(order).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product Name', 'Quantity', 'Price (inc. GST)', 'Item Total (Discount Included) (inc. GST)']);
    const row = within(table).getByRole('row', { name: /Ceramic Brake Pads Front/ });
    // Lines as charged, GST included (issue 34): 2 × $87.95 = $175.90.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ceramic Brake Pads Front', '2', '$87.95', '$175.90']);

    // Issue 34 §2: the stored order's breakdown rows; the lines and delivery add up to the total.
    expect(valueOf('Subtotal', order)).toBe('$175.90');
    expect(valueOf('Delivery', order)).toBe('Free');
    expect(valueOf('Total (inc. GST)', order)).toBe('$175.90');
    expect(valueOf('Includes GST (10%) of', order)).toBe('$15.99');
    // A return starts from the order's Returns section with the order's id filled in (issue 11, issue 37 §3).
    expect(screen.getByRole('link', { name: 'Return items from this order' }).getAttribute('href')).toBe(
      '/return-order?order_id=q7XkP2mN9vR4tY8w',
    );
  });

  it('Customer Details appear only when the server sends them; the wallet reads PayPal', async () => {
    answerLookups(({ body }) =>
      (body as { id: string }).id === 'mine'
        ? found({
            f_name: 'Jordan',
            l_name: 'Smith',
            email: 'jordan@example.com.au',
            phone: '0412345678',
            payment_method: 'Paypal',
          })
        : found(),
    );
    const { user } = renderAt('/guest-track-order?id=guest');
    await screen.findByRole('article');
    expect(screen.queryByRole('heading', { name: 'Customer Details' })).toBeNull();

    const input = screen.getByLabelText(ORDER_NUMBER_LABEL);
    await user.clear(input);
    await user.type(input, 'mine');
    await user.type(screen.getByLabelText(TRACK_EMAIL_LABEL), 'jordan@example.com.au');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));

    const customer = (await screen.findByRole('heading', { name: 'Customer Details' })).parentElement!;
    expect(valueOf('Name', customer)).toBe('Jordan Smith');
    expect(valueOf('Email', customer)).toBe('jordan@example.com.au');
    // Printed by the one phone rule (decision 0059).
    expect(valueOf('Phone', customer)).toBe('0412 345 678');
    expect(valueOf('Payment Method')).toBe('PayPal');
  });

  it('sends the order number and the email in the body, never in the address (issue 34 §6)', async () => {
    const calls = answerLookups(() => found());
    const { router, user } = renderAt('/guest-track-order');
    await user.type(screen.getByLabelText(ORDER_NUMBER_LABEL), '  inv-000042 ');
    await user.type(screen.getByLabelText(TRACK_EMAIL_LABEL), ' JANE@EXAMPLE.COM ');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));

    await screen.findByRole('article', { name: `${ORDER_NUMBER_LABEL} INV-000042` });
    expect(screen.getByRole('status').textContent).toBe(`${ORDER_NUMBER_LABEL} INV-000042 found.`);
    expect(router.state.location.search).toBe('');
    expect(calls.map((c) => [c.method, c.url.pathname, c.url.search, c.body])).toEqual([
      ['POST', '/api/guest/track-order', '', { id: 'inv-000042', email: 'JANE@EXAMPLE.COM' }],
    ]);
  });

  it('a lookup typed after opening the mail link replaces the link id in the address', async () => {
    const calls = answerLookups(() => found());
    const { router, user } = renderAt('/guest-track-order?id=q7XkP2mN9vR4tY8w');
    await screen.findByRole('article');
    const number = screen.getByLabelText(ORDER_NUMBER_LABEL);
    await user.clear(number);
    await user.type(number, 'INV-000042');
    await user.type(screen.getByLabelText(TRACK_EMAIL_LABEL), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ id: 'INV-000042', email: 'jane@example.com' });
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('article', { name: `${ORDER_NUMBER_LABEL} INV-000042` })).toBeTruthy();
  });

  it('asks for each missing field by name, moves to the first, and asks the server nothing', async () => {
    const calls = answerLookups(() => found());
    const { user } = renderAt('/guest-track-order');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    const number = screen.getByLabelText(ORDER_NUMBER_LABEL);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ORDER_MESSAGES.trackNumberRequired)).toBeTruthy();
    expect(screen.getByText(ORDER_MESSAGES.trackEmailRequired)).toBeTruthy();
    expect(document.activeElement).toBe(number);

    await user.type(number, 'INV-000042');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    const email = screen.getByLabelText(TRACK_EMAIL_LABEL);
    expect(screen.queryByText(ORDER_MESSAGES.trackNumberRequired)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(
      screen.getByText(ORDER_MESSAGES.trackEmailRequired).id,
    );
    expect(document.activeElement).toBe(email);
    expect(calls).toEqual([]);
  });

  it("a 404 reads 'No Order Found', naming the number and the email to check", async () => {
    answerLookups(() => ({ status: 404, body: { message: 'No Order Found' } }));
    const { user } = renderAt('/guest-track-order');
    await user.type(screen.getByLabelText(ORDER_NUMBER_LABEL), 'INV-000042');
    await user.type(screen.getByLabelText(TRACK_EMAIL_LABEL), 'wrong@example.com');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    expect(await screen.findByRole('heading', { name: 'No Order Found' })).toBeTruthy();
    expect(screen.getByText(ORDER_MESSAGES.trackNotFoundHint)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("a link's unknown id reads 'No Order Found' too", async () => {
    answerLookups(() => ({ status: 404, body: { message: 'No Order Found' } }));
    renderAt('/guest-track-order?id=nope');
    expect(await screen.findByRole('heading', { name: 'No Order Found' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('other failures are logged, and the shopper gets a neutral message rather than nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerLookups(() => ({ status: 500, body: { message: 'Internal Server Error' } }));
    renderAt('/guest-track-order?id=q7XkP2mN9vR4tY8w');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(log).toHaveBeenCalled();
    expect(screen.queryByText('No Order Found')).toBeNull();
  });
});

describe('/order-details', () => {
  it("reads the order with GET /api/orders-detail?id= under 'Order Details'", async () => {
    const calls = answerLookups(() => found({ payment_method: 'Stripe' }));
    renderAt('/order-details?id=q7XkP2mN9vR4tY8w');
    expect(screen.getByRole('heading', { level: 1, name: 'Order Details' })).toBeTruthy();
    await screen.findByRole('article', { name: `${ORDER_NUMBER_LABEL} INV-000042` });
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url.pathname).toBe('/api/orders-detail');
    expect(calls[0]?.url.searchParams.get('id')).toBe('q7XkP2mN9vR4tY8w');
    expect(valueOf('Payment Method')).toBe('Card');
    expect(valueOf('Total (inc. GST)')).toBe('$175.90');
  });

  it('offers the tax invoice of a paid order (issue 18 §3), and none while the payment is pending', async () => {
    answerLookups(({ url }) =>
      found({ payment_status: url.searchParams.get('id') === 'paid' ? 'completed' : 'pending' }),
    );
    renderAt('/order-details?id=paid');
    await screen.findByRole('article');
    expect(screen.getByRole('button', { name: 'Download tax invoice (PDF)' })).toBeTruthy();
    // Decision 0044: no address opens it by the public id alone.
    expect(document.querySelector('a[href*="tax-invoice"]')).toBeNull();

    renderAt('/order-details?id=pending');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: 'Download tax invoice (PDF)' })).toHaveLength(1);
  });

  it("asks a guest for the order's email, sends it in the body, and downloads through the signed link", async () => {
    const id = makeOrderDetail().id;
    const invoiceUrl = `/api/orders/${id}/tax-invoice?expires=1767225600&signature=sig1`;
    const noteUrl = `/api/orders/${id}/adjustment-notes/ADJ-000003?expires=1767225600&signature=sig2`;
    const calls = answerLookups(({ url, body }) => {
      if (url.pathname.endsWith('/document-links')) {
        return (body as { email?: string }).email === 'jane@example.com'
          ? {
              status: 200,
              body: {
                data: {
                  tax_invoice: { number: 'TI-000009', url: invoiceUrl },
                  adjustment_notes: [
                    {
                      number: 'ADJ-000003',
                      kind: 'refund',
                      tax_invoice_number: 'TI-000009',
                      issued_at: '2026-01-02T00:00:00.000Z',
                      amount: '10.00',
                      gst: '0.91',
                      url: noteUrl,
                    },
                  ],
                  expires_at: '2026-01-01T00:00:00.000Z',
                },
              },
            }
          : { status: 403, body: { message: TAX_INVOICE_MESSAGES.emailMismatch } };
      }
      return found({ payment_status: 'completed' });
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user } = renderAt(`/guest-track-order?id=${id}`);
    await screen.findByRole('article');
    const button = screen.getByRole('button', { name: 'Download tax invoice (PDF)' });

    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(TAX_INVOICE_MESSAGES.emailRequired);

    await user.type(screen.getByLabelText(ORDER_EMAIL_LABEL), 'someone@example.com');
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(TAX_INVOICE_MESSAGES.emailMismatch),
    );
    expect(clicked).toEqual([]);

    await user.clear(screen.getByLabelText(ORDER_EMAIL_LABEL));
    await user.type(screen.getByLabelText(ORDER_EMAIL_LABEL), ' jane@example.com ');
    await user.click(button);
    await waitFor(() => expect(clicked).toEqual([invoiceUrl]));
    const links = calls.filter((c) => c.url.pathname === `/api/orders/${id}/document-links`);
    expect(links.map((c) => [c.method, c.body])).toEqual([
      ['POST', { email: 'someone@example.com' }],
      ['POST', { email: 'jane@example.com' }],
    ]);
    // The email never goes into an address.
    expect(calls.some((c) => c.url.search.includes('jane'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Tax invoice TI-000009 (PDF)' }).getAttribute('href')).toBe(
      invoiceUrl,
    );
    expect(screen.getByRole('link', { name: 'Adjustment note ADJ-000003 (PDF)' }).getAttribute('href')).toBe(
      noteUrl,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    click.mockRestore();
  });

  it('lets the owner signed in download at once, with no email asked', async () => {
    const id = makeOrderDetail().id;
    const calls = answerLookups(({ url }) =>
      url.pathname.endsWith('/document-links')
        ? {
            status: 200,
            body: {
              data: {
                tax_invoice: {
                  number: 'TI-000009',
                  url: `/api/orders/${id}/tax-invoice?expires=1&signature=s`,
                },
                adjustment_notes: [],
                expires_at: '2026-01-01T00:00:00.000Z',
              },
            },
          }
        : found({ payment_status: 'completed', email: 'jane@example.com', f_name: 'Jane' }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAt(`/order-details?id=${id}`);
    await screen.findByRole('article');
    expect(screen.queryByLabelText(ORDER_EMAIL_LABEL)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download tax invoice (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url.pathname.endsWith('/document-links'))?.body).toEqual({});
    click.mockRestore();
  });

  it("a 404 reads 'No Order Found'", async () => {
    answerLookups(() => ({ status: 404, body: { message: 'No Order Found' } }));
    renderAt('/order-details?id=nope');
    expect(await screen.findByRole('heading', { name: 'No Order Found' })).toBeTruthy();
  });

  it("without an id there is nothing to look up: 'No Order Found'", async () => {
    const calls = answerLookups(() => found());
    renderAt('/order-details');
    expect(screen.getByRole('heading', { name: 'No Order Found' })).toBeTruthy();
    await waitFor(() => expect(calls).toEqual([]));
  });
});
