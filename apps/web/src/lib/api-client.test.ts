import { productSchema } from '@store/shared/product';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiHandler, type ApiRequest, type FakeApi } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { ApiError, apiFile, apiRequest, apiUrl, attachmentFileName, envelope, served } from './api-client';
import {
  LAST_VISITED_URL_KEY,
  TOO_MANY_REQUESTS_COOLDOWN_MS,
  setTooManyRequestsNavigator,
} from './too-many-requests';

/** The fake API answers every call of these tests with `status` and `body` (a string as it is) from now on. */
function answerAll(status: number, body: unknown) {
  const answer = () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  return answerWith(answer);
}

/** The fake API answers every call of these tests with `answer` from now on. */
function answerWith(answer: ApiHandler) {
  return fakeApi({
    // The frame's own calls by name too, or the fake API's store settings would answer them.
    'GET /api/store-config': answer,
    'GET /api/categories': answer,
    'GET /api/*': answer,
    'POST /api/*': answer,
  });
}

/** The one request the fake API saw. */
function sentRequest(api: FakeApi): ApiRequest {
  expect(api.requests).toHaveLength(1);
  return api.requests[0]!;
}

describe('apiUrl', () => {
  it('puts the path under /api and leaves out empty query values', () => {
    expect(apiUrl('/latest-products', { pagination: 20, brand: undefined, q: null })).toBe(
      '/api/latest-products?pagination=20',
    );
    expect(apiUrl('store-config')).toBe('/api/store-config');
  });
});

describe('apiRequest', () => {
  it('returns the validated data inside the envelopes', async () => {
    const product = makeProduct();
    const api = answerAll(200, { data: { data: [product] } });

    const products = await apiRequest('/latest-products', envelope(envelope(productSchema.array())), {
      query: { pagination: 20 },
    });

    expect(products).toEqual([product]);
    const { url } = sentRequest(api);
    expect(`${url.pathname}${url.search}`).toBe('/api/latest-products?pagination=20');
  });

  it("throws an ApiError with the status and the server's message", async () => {
    answerAll(400, { message: 'pagination must be at most 100' });

    const error = await apiRequest('/latest-products', envelope(productSchema.array())).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'pagination must be at most 100' });
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    answerAll(502, '<html>Bad gateway</html>');
    await expect(apiRequest('/store-config', envelope(productSchema))).rejects.toMatchObject({ status: 502 });
  });

  it('rejects an answer that does not match the schema', async () => {
    answerAll(200, { data: { data: [{ id: 'not a product' }] } });
    await expect(apiRequest('/latest-products', envelope(envelope(productSchema.array())))).rejects.toThrow();
  });
});

describe('what a call sends', () => {
  it('sends a JSON body with its Content-Type and extra headers such as the Idempotency-Key', async () => {
    const api = answerAll(201, { message: 'Refunded' });

    await apiRequest('/admin/orders/X/refunds', served<{ message: string }>(), {
      method: 'POST',
      body: { amount: '5.00' },
      headers: { 'Idempotency-Key': 'refund_0001' },
      token: 'staff-token',
    });

    const sent = sentRequest(api);
    expect(sent.method).toBe('POST');
    expect(sent.url.pathname).toBe('/api/admin/orders/X/refunds');
    const headers = sent.request.headers;
    expect(headers.get('Idempotency-Key')).toBe('refund_0001');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer staff-token');
    expect(sent.body).toEqual({ amount: '5.00' });
  });

  it('an extra header cannot replace the bearer', async () => {
    const api = answerAll(200, {});
    await apiRequest('/me', served(), { token: 'real', headers: { Authorization: 'Bearer forged' } });
    expect(sentRequest(api).request.headers.get('Authorization')).toBe('Bearer real');
  });

  it('sends a FormData body as it is, without a Content-Type (the browser writes the multipart boundary)', async () => {
    const api = answerAll(200, { message: 'Received' });
    const form = new FormData();
    form.append('email', 'jo@example.com');
    form.append('file_path', new File(['png'], 'mat.png', { type: 'image/png' }));

    const answer = await apiRequest('/order-return', served<{ message: string }>(), {
      method: 'POST',
      body: form,
      token: null,
    });

    expect(answer).toEqual({ message: 'Received' });
    // The Content-Type the server sees is the one fetch wrote for the FormData, with its boundary.
    const sent = sentRequest(api);
    const headers = sent.request.headers;
    expect(headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(headers.has('Authorization')).toBe(false);
    const received = await sent.request.clone().formData();
    expect(received.get('email')).toBe('jo@example.com');
    // jsdom's File reaches Node's fetch as a part named 'blob': only its type survives the trip.
    expect((received.get('file_path') as Blob | null)?.type).toBe('image/png');
  });
});

describe('an error answer', () => {
  it('keeps the parsed body, the status and the field errors on the ApiError', async () => {
    const body = {
      message: 'Your card was declined.',
      code: 'payment_declined',
      errors: [{ field: 'card', message: 'Bad' }],
    };
    answerAll(402, body);

    const error = await apiRequest('/place-order', served(), { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 402,
      message: 'Your card was declined.',
      fieldErrors: [{ field: 'card', message: 'Bad' }],
      body,
    });
  });

  it("uses the caller's fallback message when the answer carries none, else the status text", async () => {
    answerAll(413, '<html>413 Request Entity Too Large</html>');
    const fallbackMessage = (status: number) => (status === 413 ? 'The file is too large.' : undefined);
    await expect(apiRequest('/order-return', served(), { fallbackMessage })).rejects.toMatchObject({
      status: 413,
      message: 'The file is too large.',
      body: undefined,
    });

    answerAll(500, { message: '  ' });
    await expect(apiRequest('/order-return', served(), { fallbackMessage })).rejects.toMatchObject({
      status: 500,
      message: 'Request failed with status 500',
    });
  });

  it('passes on the error of a request that got no answer', async () => {
    answerWith(() => Response.error());
    await expect(apiRequest('/store-config', served())).rejects.toBeInstanceOf(TypeError);
  });
});

describe('apiFile', () => {
  it('answers the bytes as a Blob, with the name and type the server gave and the bearer sent', async () => {
    const api = answerWith(
      () =>
        new Response('email,consent_at\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="subscribers.csv"; filename*=UTF-8''subscribers%202026.csv`,
          },
        }),
    );

    const file = await apiFile('/admin/subscribers.csv', {
      fallbackName: 'download.csv',
      token: 'staff-token',
    });

    expect(file.fileName).toBe('subscribers 2026.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(await file.blob.text()).toBe('email,consent_at\r\n');
    const sent = sentRequest(api);
    expect(sent.url.pathname).toBe('/api/admin/subscribers.csv');
    expect(sent.request.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('falls back to the given name, and throws an ApiError for a refusal', async () => {
    answerWith(() => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 }));
    expect((await apiFile('/tax-invoices/X', { fallbackName: 'tax-invoice.pdf' })).fileName).toBe(
      'tax-invoice.pdf',
    );

    answerAll(404, { message: 'Not found' });
    await expect(apiFile('/tax-invoices/X', { fallbackName: 'tax-invoice.pdf' })).rejects.toMatchObject({
      status: 404,
      message: 'Not found',
    });
  });
});

describe('attachmentFileName', () => {
  it('reads filename* first (RFC 6266), then filename, then the fallback', () => {
    expect(attachmentFileName(`attachment; filename*=UTF-8''mat%20photo.png`, 'x')).toBe('mat photo.png');
    expect(attachmentFileName('attachment; filename="INV-1.pdf"', 'x')).toBe('INV-1.pdf');
    expect(attachmentFileName(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.png"`, 'x')).toBe(
      'plain.png',
    );
    expect(attachmentFileName(null, 'fallback.bin')).toBe('fallback.bin');
  });
});

describe('a 429 answer (SPEC §8)', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('goes to /too-many-requests once within 45 seconds, then throws the ApiError', async () => {
    vi.useFakeTimers();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/shop?page=3');
    const navigate = vi.fn();
    const unregister = setTooManyRequestsNavigator(navigate);
    answerAll(429, { message: 'Rate limit exceeded, retry in 45 seconds' });

    try {
      // A page firing three calls at once moves once.
      const errors = await Promise.all(
        [1, 2, 3].map(() => apiRequest('/categories', envelope(productSchema)).catch((e: unknown) => e)),
      );
      for (const error of errors) {
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ status: 429, message: 'Rate limit exceeded, retry in 45 seconds' });
      }
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/too-many-requests', { replace: true });
      expect(sessionStorage.getItem(LAST_VISITED_URL_KEY)).toBe('/shop?page=3');

      vi.advanceTimersByTime(TOO_MANY_REQUESTS_COOLDOWN_MS - 1000);
      await apiRequest('/brands', envelope(productSchema)).catch(() => undefined);
      expect(navigate).toHaveBeenCalledTimes(1);

      vi.advanceTimersByTime(1000);
      await apiRequest('/brands', envelope(productSchema)).catch(() => undefined);
      expect(navigate).toHaveBeenCalledTimes(2);
    } finally {
      unregister();
    }
  });

  it('does not redirect for other errors', async () => {
    const navigate = vi.fn();
    const unregister = setTooManyRequestsNavigator(navigate);
    answerAll(503, { message: 'Upstream answered 429' });
    await expect(apiRequest('/categories', envelope(productSchema))).rejects.toMatchObject({ status: 503 });
    expect(navigate).not.toHaveBeenCalled();
    unregister();
  });
});
