import { productSchema } from '@store/shared/product';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { ApiError, apiRequest, apiUrl, envelope } from './api-client';

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
