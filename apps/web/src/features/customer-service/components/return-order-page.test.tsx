import { CUSTOMER_SERVICE_MESSAGES, RETURN_FILE_MAX_BYTES } from '@store/shared/customer-service';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSession } from '@/stores/session-store';
import { heldAnswer, json, member, renderPage, resetPageTest, stubFetch } from './customer-service.fixtures';
import { ReturnOrderPage } from './return-order-page';

afterEach(resetPageTest);

const RECEIVED = CUSTOMER_SERVICE_MESSAGES.returnSent;
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

  it('refuses an order id with other characters than letters and digits, and needs an email', async () => {
    const api = stubFetch(() => json({ message: RECEIVED }));
    const { user } = renderPage('/return-order', ReturnOrderPage);

    expect(fileInput().accept).toBe(
      '.png,.jpg,.jpeg,.pdf,.txt,image/png,image/jpeg,application/pdf,text/plain',
    );
    await user.type(field(/^Order ID/), 'INV-1042');
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));

    expect(await screen.findByText(CUSTOMER_SERVICE_MESSAGES.orderId)).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Email/)));
    expect(api.calls()).toHaveLength(0);
  });

  it("sends multipart/form-data with the file and the member's bearer, shows the server's message and empties the form", async () => {
    startSession({ user: member, token: 'member-token', subscription: false });
    const held = heldAnswer();
    const api = stubFetch(() => held.promise);
    const { user } = renderPage('/return-order?order_id=A1b2C3d4E5f6G7h8', ReturnOrderPage);

    expect(field(/^Order ID/).value).toBe('A1b2C3d4E5f6G7h8');
    expect(field(/^First name/).value).toBe('Sam');
    expect(field(/^Last name/).value).toBe('Van Der Berg');
    expect(field(/^Email/).value).toBe('sam@example.com');
    expect(field(/^Phone/).value).toBe('0412345678');

    const file = photo();
    await user.upload(fileInput(), file);
    await user.type(field(/^Subject/), 'Wrong pads');
    await user.type(field(/^Message/), 'Line one.\nLine two.');
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));

    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await user.click(busy);
    expect(api.calls()).toHaveLength(1);

    const [url, init] = api.calls()[0] ?? [];
    expect(url).toBe('/api/order-return');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer member-token');
    // The browser writes multipart's Content-Type with its boundary.
    expect(headers.has('Content-Type')).toBe(false);
    const body = sentForm(init);
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      f_name: 'Sam',
      l_name: 'Van Der Berg',
      email: 'sam@example.com',
      phone: '0412345678',
      order_id: 'A1b2C3d4E5f6G7h8',
      subject: 'Wrong pads',
      message: 'Line one.\nLine two.',
    });
    const sentFile = body.get('file_path');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('damaged-pads.png');
    expect((sentFile as File).size).toBe(file.size);
    // Text parts first, so a streaming server reads them before the file.
    expect([...body.keys()].at(-1)).toBe('file_path');

    held.release(json({ message: RECEIVED }));
    expect(await screen.findByText(RECEIVED)).toBeTruthy();
    await waitFor(() => expect(field(/^Subject/).value).toBe(''));
    expect(field(/^Message/).value).toBe('');
    expect(field(/^Order ID/).value).toBe('A1b2C3d4E5f6G7h8');

    // The browser's form reset also empties the file box; jsdom keeps user-event's file there, so the
    // e2e journey checks that part.
  });

  it('sends no file part and no bearer for a guest without a file', async () => {
    const api = stubFetch(() => json({ message: RECEIVED }));
    const { user } = renderPage('/return-order', ReturnOrderPage);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Return Request' }));
    await screen.findByText(RECEIVED);
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
