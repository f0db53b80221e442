import { CUSTOMER_SERVICE_MESSAGES, RETURN_FILE_MAX_BYTES } from '@store/shared/customer-service';
import type { OrderReturnAnswer, ReturnableOrder } from '@store/shared/shopper-returns';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSession } from '@/stores/session-store';
import { heldAnswer, json, member, renderPage, resetPageTest, stubFetch } from './customer-service.fixtures';
import { ReturnOrderPage } from './return-order-page';

afterEach(resetPageTest);

const RECEIVED =
  'Your return request RR-000042 has been received. We have emailed you a copy and will reply within 24 hours.';
/** The server's answer to a request of the free form. */
const sent = (over: Partial<OrderReturnAnswer['data']> = {}): OrderReturnAnswer => ({
  message: RECEIVED,
  data: {
    number: 'RR-000042',
    email: 'jordan@example.com.au',
    invoice_number: null,
    lines: [],
    reason: null,
    next_steps: ['We check your request and reply by email within 24 hours.'],
    ...over,
  },
});
/** A member's order as `POST /api/returnable-order` answers it. */
const returnable: ReturnableOrder = {
  order_id: 'A1b2C3d4E5f6G7h8',
  invoice_number: 'INV-001042',
  f_name: 'Sam',
  l_name: 'Van Der Berg',
  email: 'sam@example.com',
  phone: '0412345678',
  delivered_at: null,
  within_window: true,
  lines: [
    { line_id: 11, product_title: 'Brake Pads', sku: 'BP-1', quantity: 2, returnable: 2 },
    { line_id: 12, product_title: 'H4 Globe', sku: 'H4', quantity: 1, returnable: 0 },
  ],
  returns: [],
};
const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const fileInput = () => screen.getByLabelText(/^Photo or document/) as HTMLInputElement;
const photo = (bytes = 68, name = 'damaged-pads.png') =>
  new File([new Uint8Array(bytes)], name, { type: name.endsWith('.png') ? 'image/png' : 'application/pdf' });

async function fillIn(user: ReturnType<typeof renderPage>['user']) {
  await user.type(field(/^First name/), 'Jordan');
  await user.type(field(/^Last name/), 'Smith');
  await user.type(field(/^Email/), 'jordan@example.com.au');
  await user.type(field(/^Phone/), '0412345678');
  await user.type(field(/^Subject/), 'Wrong pads');
  await user.type(field(/^Message/), 'The pads do not fit my 2019 Ranger.');
}

/** The multipart body a call sent, as name -> value. */
function sentForm(init: RequestInit | undefined): FormData {
  expect(init?.body).toBeInstanceOf(FormData);
  return init?.body as FormData;
}

describe('/return-order (SPEC §2, §5 Return form, §8 Return)', () => {
  it('names a file over 5 MB as soon as it is chosen, and sends nothing (SPEC §5)', async () => {
    const api = stubFetch(() => json({ message: RECEIVED }));
    const { user } = renderPage('/return-order', ReturnOrderPage);
    await fillIn(user);

    await user.upload(fileInput(), photo(RETURN_FILE_MAX_BYTES + 1, 'engine-bay.png'));
    expect(await screen.findByText(CUSTOMER_SERVICE_MESSAGES.fileTooLarge)).toBeTruthy();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    expect(fileInput().getAttribute('aria-describedby')).toContain('checkout-file_path-message');

    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    await waitFor(() => expect(document.activeElement).toBe(fileInput()));
    expect(api.calls()).toHaveLength(0);

    // Exactly 5 MB is allowed.
    await user.upload(fileInput(), photo(RETURN_FILE_MAX_BYTES, 'engine-bay.png'));
    await waitFor(() => expect(screen.queryByText(CUSTOMER_SERVICE_MESSAGES.fileTooLarge)).toBeNull());
  });

  it('refuses an order id with other characters than letters and digits, and more than an email (SPEC §5)', async () => {
    const api = stubFetch(() => json(sent()));
    const { user } = renderPage('/return-order', ReturnOrderPage);

    expect(fileInput().accept).toBe(
      '.png,.jpg,.jpeg,.pdf,.txt,image/png,image/jpeg,application/pdf,text/plain',
    );
    await user.type(field(/^Order ID/), 'INV/1042');
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));

    expect(await screen.findByText(CUSTOMER_SERVICE_MESSAGES.orderId)).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/^First name/)));
    expect(api.calls()).toHaveLength(0);
  });

  it("turns into the order's form for a member's order: lines, quantity, reason, then the confirmation page", async () => {
    startSession({ user: member, token: 'member-token', subscription: false });
    const held = heldAnswer();
    const api = stubFetch((url) =>
      url === '/api/returnable-order' ? json({ data: returnable }) : held.promise,
    );
    const { user, router } = renderPage('/return-order?order_id=A1b2C3d4E5f6G7h8', ReturnOrderPage);

    expect(await screen.findByText('Order INV-001042 found. Choose the items to return.')).toBeTruthy();
    expect(field(/^Order ID/).value).toBe('INV-001042');
    expect(field(/^First name/).value).toBe('Sam');
    expect(field(/^Email/).value).toBe('sam@example.com');
    // A line returned in full already cannot be chosen; the terms are the policy's.
    expect(screen.getByText('Already returned or refunded')).toBeTruthy();
    expect(
      screen.getByText('You can return an item within 30 days of delivery for a full refund.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Subject/ })).toBeNull();

    // Nothing chosen, then no reason: each named, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(await screen.findByText('Choose at least one item to return.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: /Brake Pads to return \(up to 2\)/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(await screen.findByText('Choose why you are returning the items.')).toBeTruthy();
    expect(api.calls()).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: 'Other (tell us below)' }));
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(await screen.findByText('Tell us more in the message when the reason is Other.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Faulty' }));
    const file = photo();
    await user.upload(fileInput(), file);
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));

    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = api.calls()[1] ?? [];
    expect(url).toBe('/api/order-return');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer member-token');
    const body = sentForm(init);
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      f_name: 'Sam',
      l_name: 'Van Der Berg',
      email: 'sam@example.com',
      phone: '0412345678',
      order_id: 'INV-001042',
      subject: '',
      message: '',
      lines: JSON.stringify([{ line_id: 11, quantity: 1 }]),
      reason: 'faulty',
    });
    expect((body.get('file_path') as File).name).toBe('damaged-pads.png');
    // Text parts first, so a streaming server reads them before the file.
    expect([...body.keys()].at(-1)).toBe('file_path');

    held.release(
      json(
        sent({
          email: 'sam@example.com',
          invoice_number: 'INV-001042',
          lines: [{ product_title: 'Brake Pads', sku: 'BP-1', quantity: 1 }],
          reason: 'faulty',
        }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Return request RR-000042 received' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/return-order/sent');
    expect(screen.getByText(/1 × Brake Pads/)).toBeTruthy();
    expect(screen.getByText('Faulty')).toBeTruthy();
    expect(screen.getByText('We check your request and reply by email within 24 hours.')).toBeTruthy();
  });

  it('sends the free form without a file part or a bearer for a guest, then shows the confirmation', async () => {
    const api = stubFetch(() => json(sent()));
    const { user } = renderPage('/return-order', ReturnOrderPage);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    await screen.findByRole('heading', { name: 'Return request RR-000042 received' });
    expect(screen.getByText('jordan@example.com.au')).toBeTruthy();
    const init = api.calls()[0]?.[1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(sentForm(init).has('file_path')).toBe(false);
    expect(sentForm(init).get('order_id')).toBe('');
  });

  it.each([
    [400, { message: 'Order ID can only contain letters and numbers' }],
    [413, { message: 'File size exceeds 5MB' }],
    [415, { message: 'The file must be a PNG or JPEG image, a PDF or a plain text file' }],
  ])("a %i shows 'Error submitting form: ' and the server's message", async (status, answer) => {
    stubFetch(() => json(answer, status));
    const { user } = renderPage('/return-order', ReturnOrderPage);
    await fillIn(user);
    await user.upload(fileInput(), photo(100, 'receipt.pdf'));
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(await screen.findByText(`Error submitting form: ${answer.message}`)).toBeTruthy();
    expect(field(/^Subject/).value).toBe('Wrong pads');
  });

  it("marks the file the server refused by content, and says 'No response from server.' when nothing answers", async () => {
    let answer: () => Promise<Response> = async () =>
      json(
        {
          message: 'The file must be a PNG or JPEG image, a PDF or a plain text file',
          errors: [{ field: 'file_path', message: 'This file is not the PNG its name says' }],
        },
        415,
      );
    stubFetch(() => answer());
    const { user } = renderPage('/return-order', ReturnOrderPage);
    await fillIn(user);
    await user.upload(fileInput(), photo());
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(await screen.findByText('This file is not the PNG its name says')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(fileInput()));

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.upload(fileInput(), photo(70));
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(await screen.findByText(CUSTOMER_SERVICE_MESSAGES.noResponse)).toBeTruthy();
  });

  it('goes to /too-many-requests on a 429 (SPEC §8)', async () => {
    stubFetch(() => json({ message: 'Rate limit exceeded' }, 429));
    const { user, router } = renderPage('/return-order', ReturnOrderPage);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(await screen.findByRole('heading', { name: 'Too many requests page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/too-many-requests');
  });
});
