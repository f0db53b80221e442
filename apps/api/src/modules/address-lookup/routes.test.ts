import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADDRESS_SUGGESTION_LIMIT } from '@store/shared/address-lookup';
import { createTestApp, type TestApp } from '../../../tests/test-app';

const suggest = (t: TestApp, query?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/address-suggestions',
    query: query === undefined ? {} : { query },
  });
const details = (t: TestApp, placeId: string) =>
  t.app.inject({ method: 'GET', url: '/api/address-details', query: { place_id: placeId } });

describe('address lookup from the bundled GeoNames postcodes (no Google key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('suggests suburbs with state and post code, cacheable for a day and rate limited', async () => {
    const res = await suggest(t, 'guildf');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.length).toBeLessThanOrEqual(ADDRESS_SUGGESTION_LIMIT);
    expect(data).toContainEqual({
      label: 'Guildford NSW 2161',
      street_address: null,
      city: 'Guildford',
      state: 'NSW',
      post_code: '2161',
      place_id: null,
    });
    expect(data.map((s: { label: string }) => s.label)).toContain('Guildford VIC 3451');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=86400\b/);
    expect(res.headers['x-ratelimit-limit']).toBe('120');
  });

  it.each([
    ['216', (s: { post_code: string }) => s.post_code.startsWith('216')],
    ['26', (s: { post_code: string }) => s.post_code.startsWith('26')],
    ['st marys', (s: { city: string }) => /st marys/i.test(s.city)],
    ["o'conn", (s: { city: string }) => s.city.startsWith("O'Conn")],
    ['guildford nsw', (s: { state: string }) => s.state === 'NSW'],
    ['guildford 2161', (s: { post_code: string }) => s.post_code === '2161'],
  ])('answers %s', async (query, matches) => {
    const res = await suggest(t, query);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.length).toBeGreaterThan(0);
    expect(data.every(matches)).toBe(true);
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await suggest(t, 'zzqx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it.each([
    ['g', 'Type at least 2 characters of a suburb or post code'],
    ['  g  ', 'Type at least 2 characters of a suburb or post code'],
    [undefined, 'Type a suburb or post code'],
    ['x'.repeat(101), 'Search text must be 100 characters or fewer'],
  ])('rejects query %j with 400 "%s"', async (query, message) => {
    const res = await suggest(t, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Invalid query: ${message}`);
  });

  it('answers address details with 404, since GeoNames suggestions are already complete', async () => {
    const res = await details(t, 'ChIJN1t_tDeuEmsRUsoyG83frY4');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Address details are not available/);
  });
});

describe('address lookup through Google Places (network faked at fetch)', () => {
  interface SeenRequest {
    url: string;
    method: string;
    headers: Headers;
    body: unknown;
  }
  let t: TestApp;
  let seen: SeenRequest[] = [];
  /** What the fake Google answers next; replaced per test. */
  let answer: (url: string) => Promise<Response> = async () => new Response('{}');

  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => {
        c.googleMapsApiKey = 'test-maps-key';
      },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.unstubAllGlobals();
    seen = [];
  });

  /** Replaces global fetch (what google-places.ts calls) with a recorder that only knows Google's host. */
  function fakeGoogle(respond: (url: string) => Promise<Response>) {
    answer = respond;
    vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (!url.startsWith('https://places.googleapis.com/')) throw new Error(`unexpected fetch ${url}`);
      seen.push({
        url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return answer(url);
    });
  }
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('asks Places Autocomplete for Australian places only, and answers its predictions', async () => {
    fakeGoogle(async () =>
      json({
        suggestions: [
          {
            placePrediction: {
              place: 'places/abc123',
              placeId: 'abc123',
              text: { text: '12 Example Street, Guildford NSW, Australia', matches: [] },
            },
          },
          { queryPrediction: { text: { text: '12 example street' } } },
        ],
      }),
    );
    const res = await suggest(t, '12 example st');

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.url).toBe('https://places.googleapis.com/v1/places:autocomplete');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('x-goog-api-key')).toBe('test-maps-key');
    expect(request?.body).toEqual({
      input: '12 example st',
      includedRegionCodes: ['au'],
      languageCode: 'en-AU',
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          label: '12 Example Street, Guildford NSW',
          street_address: null,
          city: '',
          state: '',
          post_code: '',
          place_id: 'abc123',
        },
      ],
    });
    // Google's content is not ours to let shared caches keep.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['an error status', async () => json({ error: { code: 403, status: 'PERMISSION_DENIED' } }, 403)],
    ['an unexpected shape', async () => json({ suggestions: 'none' })],
    [
      'a timeout',
      async (): Promise<Response> => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      },
    ],
  ])('falls back to GeoNames on %s', async (_what, respond) => {
    fakeGoogle(respond);
    const res = await suggest(t, 'guildford 2161');
    expect(seen).toHaveLength(1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({
      label: 'Guildford NSW 2161',
      street_address: null,
      city: 'Guildford',
      state: 'NSW',
      post_code: '2161',
      place_id: null,
    });
  });

  it('resolves a place into street, suburb, state and post code with Place Details', async () => {
    fakeGoogle(async () =>
      json({
        formattedAddress: '3/12 Example St, Guildford NSW 2161, Australia',
        addressComponents: [
          { longText: '3', shortText: '3', types: ['subpremise'] },
          { longText: '12', shortText: '12', types: ['street_number'] },
          { longText: 'Example Street', shortText: 'Example St', types: ['route'] },
          { longText: 'Guildford', shortText: 'Guildford', types: ['locality', 'political'] },
          { longText: 'Cumberland Council', shortText: 'Cumberland', types: ['administrative_area_level_2'] },
          {
            longText: 'New South Wales',
            shortText: 'NSW',
            types: ['administrative_area_level_1', 'political'],
          },
          { longText: 'Australia', shortText: 'AU', types: ['country', 'political'] },
          { longText: '2161', shortText: '2161', types: ['postal_code'] },
        ],
      }),
    );
    const res = await details(t, 'abc123');

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.url.startsWith('https://places.googleapis.com/v1/places/abc123?')).toBe(true);
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('x-goog-api-key')).toBe('test-maps-key');
    expect(request?.headers.get('x-goog-fieldmask')).toBe('addressComponents,formattedAddress');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        label: '3/12 Example St, Guildford NSW 2161',
        street_address: '3/12 Example Street',
        city: 'Guildford',
        state: 'NSW',
        post_code: '2161',
        place_id: 'abc123',
      },
    });
  });

  it('answers 404 for a place Google does not know or that is outside Australia', async () => {
    fakeGoogle(async () => json({ error: { code: 404, status: 'NOT_FOUND' } }, 404));
    expect((await details(t, 'missing')).statusCode).toBe(404);

    fakeGoogle(async () =>
      json({
        formattedAddress: '1 Queen St, Auckland, New Zealand',
        addressComponents: [{ longText: 'New Zealand', shortText: 'NZ', types: ['country'] }],
      }),
    );
    const res = await details(t, 'nz1');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('That address was not found in Australia. Please type the address in.');
  });

  it('answers 502 when Place Details fails, and 400 for something that is not a place id', async () => {
    fakeGoogle(async () => json({ error: { code: 500 } }, 500));
    const failed = await details(t, 'abc123');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/not answering/);

    const bad = await details(t, '../../other-api');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid query: place_id is not a Google place id');
  });
});
