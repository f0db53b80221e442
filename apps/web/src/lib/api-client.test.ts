import { productSchema } from '@store/shared/product';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { ApiError, apiFile, apiRequest, apiUrl, attachmentFileName, envelope, served } from './api-client';
import {
  LAST_VISITED_URL_KEY,
  TOO_MANY_REQUESTS_COOLDOWN_MS,
  setTooManyRequestsNavigator,
} from './too-many-requests';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    const fetchMock = stubFetch(200, { data: { data: [product] } });

    const products = await apiRequest('/latest-products', envelope(envelope(productSchema.array())), {
      query: { pagination: 20 },
    });

    expect(products).toEqual([product]);
    expect(fetchMock).toHaveBeenCalledWith('/api/latest-products?pagination=20', expect.anything());
  });

  it("throws an ApiError with the status and the server's message", async () => {
    stubFetch(400, { message: 'pagination must be at most 100' });

    const error = await apiRequest('/latest-products', envelope(productSchema.array())).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'pagination must be at most 100' });
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    stubFetch(502, '<html>Bad gateway</html>');
    await expect(apiRequest('/store-config', envelope(productSchema))).rejects.toMatchObject({ status: 502 });
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch(200, { data: { data: [{ id: 'not a product' }] } });
    await expect(apiRequest('/latest-products', envelope(envelope(productSchema.array())))).rejects.toThrow();
  });
});

describe('what a call sends', () => {
  it('sends a JSON body with its Content-Type and extra headers such as the Idempotency-Key', async () => {
    const fetchMock = stubFetch(201, { message: 'Refunded' });

    await apiRequest('/admin/orders/X/refunds', served<{ message: string }>(), {
      method: 'POST',
      body: { amount: '5.00' },
      headers: { 'Idempotency-Key': 'refund_0001' },
      token: 'staff-token',
    });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/orders/X/refunds');
    const headers = new Headers(init.headers);
    expect(headers.get('Idempotency-Key')).toBe('refund_0001');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer staff-token');
    expect(JSON.parse(String(init.body))).toEqual({ amount: '5.00' });
  });

  it('an extra header cannot replace the bearer', async () => {
    const fetchMock = stubFetch(200, {});
    await apiRequest('/me', served(), { token: 'real', headers: { Authorization: 'Bearer forged' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer real');
  });

  it('sends a FormData body as it is, without a Content-Type (the browser writes the multipart boundary)', async () => {
    const fetchMock = stubFetch(200, { message: 'Received' });
    const form = new FormData();
    form.append('email', 'jo@example.com');
    form.append('file_path', new File(['png'], 'mat.png', { type: 'image/png' }));

    const answer = await apiRequest('/order-return', served<{ message: string }>(), {
      method: 'POST',
      body: form,
      token: null,
    });

    expect(answer).toEqual({ message: 'Received' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    const headers = new Headers(init.headers);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });
});

describe('an error answer', () => {
  it('keeps the parsed body, the status and the field errors on the ApiError', async () => {
    const body = {
      message: 'Your card was declined.',
      code: 'payment_declined',
      errors: [{ field: 'card', message: 'Bad' }],
    };
    stubFetch(402, body);

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
    stubFetch(413, '<html>413 Request Entity Too Large</html>');
    const fallbackMessage = (status: number) => (status === 413 ? 'The file is too large.' : undefined);
    await expect(apiRequest('/order-return', served(), { fallbackMessage })).rejects.toMatchObject({
      status: 413,
      message: 'The file is too large.',
      body: undefined,
    });

    stubFetch(500, { message: '  ' });
    await expect(apiRequest('/order-return', served(), { fallbackMessage })).rejects.toMatchObject({
      status: 500,
      message: 'Request failed with status 500',
    });
  });

  it('passes on the error of a request that got no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/store-config', served())).rejects.toBeInstanceOf(TypeError);
  });
});

describe('apiFile', () => {
  it('answers the bytes as a Blob, with the name and type the server gave and the bearer sent', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('email,consent_at\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="subscribers.csv"; filename*=UTF-8''subscribers%202026.csv`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const file = await apiFile('/admin/subscribers.csv', {
      fallbackName: 'download.csv',
      token: 'staff-token',
    });

    expect(file.fileName).toBe('subscribers 2026.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(await file.blob.text()).toBe('email,consent_at\r\n');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/subscribers.csv');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer staff-token');
  });

  it('falls back to the given name, and throws an ApiError for a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 })),
    );
    expect((await apiFile('/tax-invoices/X', { fallbackName: 'tax-invoice.pdf' })).fileName).toBe(
      'tax-invoice.pdf',
    );

    stubFetch(404, { message: 'Not found' });
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
    stubFetch(429, { message: 'Rate limit exceeded, retry in 45 seconds' });

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
    stubFetch(503, { message: 'Upstream answered 429' });
    await expect(apiRequest('/categories', envelope(productSchema))).rejects.toMatchObject({ status: 503 });
    expect(navigate).not.toHaveBeenCalled();
    unregister();
  });
});
