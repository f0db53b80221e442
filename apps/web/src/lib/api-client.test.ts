import { productSchema } from '@store/shared/product';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { ApiError, apiRequest, apiUrl, envelope } from './api-client';
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
