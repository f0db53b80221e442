/**
 * Hand-written valid requests, per operation key (`POST /api/place-order`), for what the schemas cannot say:
 * totals that match the server's prices, post codes within their state, SKUs, ids and slugs that exist. A run
 * starts from one of these or from a schema-generated request, then mutates it. An entry is optional: a route
 * without one is fuzzed from its schemas alone.
 */
import fc from 'fast-check';
import { RETURN_STATUSES } from '@store/shared/admin-returns';
import { IDEMPOTENCY_KEY_HEADER, PAYMENT_METHOD_WALLET } from '@store/shared/order-constants';
import { TEST_PAYMENT_METHOD_AUTHENTICATES, TEST_PAYMENT_METHOD_DECLINES } from '@store/shared/test-payments';
import { testOrderBody, type TestLine } from '../../src/modules/orders/test-order-body';
import { NO_BODY, type RequestParts } from './request-parts';
import type { FuzzFixtures } from './seed-fuzz-fixtures';

const request = (parts: Partial<RequestParts>): RequestParts => ({
  pathParams: {},
  query: [],
  headers: {},
  body: NO_BODY,
  ...parts,
});
const json = (value: unknown) => ({ kind: 'json' as const, value });

const SHIP_TO = {
  ship_to_different_address: true,
  s_f_name: 'Sam',
  s_l_name: 'Lee-Nguyen',
  s_email: 'sam@example.com',
  s_phone: '+61298765432',
  s_street_address: '1 Collins St',
  s_city: 'Melbourne',
  s_state: 'Victoria',
  s_post_code: '3000',
  s_company: 'Lee Motors',
  company: 'Guildford Auto Pty Ltd',
  suburb: 'Guildford',
  comment: 'Leave at the side door.\nRing twice.',
};

/** Valid but unusual customer details: letters with accents, apostrophes, emoji, the longest allowed values. */
const UNUSUAL_CUSTOMER = {
  f_name: 'Zoë',
  l_name: "D'Arcy-Nguyễn",
  email: 'zoe.darcy+parts@example.com.au',
  phone: '+61412345678',
  street_address: `Unit 4/12 Ōtaki Rd 🚗 ${'x'.repeat(120 - 24)}`,
  city: 'Kippa-Ring',
  state: 'qld',
  post_code: '4021',
  company: 'Ü'.repeat(100),
  comment: `مرحبا — שלום\r\n\t${'🔧'.repeat(100)}`,
};

export function knownGoodRequests(f: FuzzFixtures): Record<string, fc.Arbitrary<RequestParts>[]> {
  const lines: fc.Arbitrary<TestLine[]> = fc
    .subarray(f.orderable, { minLength: 1 })
    .chain((chosen) =>
      fc.tuple(...chosen.map((p) => fc.integer({ min: 1, max: 3 }).map((quantity) => ({ ...p, quantity })))),
    );
  // UUIDs match IDEMPOTENCY_KEY_PATTERN and do not repeat, so one run's key never replays another's order.
  const idempotencyHeaders = fc.option(
    fc.uuid().map((key) => ({ [IDEMPOTENCY_KEY_HEADER]: key })),
    { nil: {} },
  );
  const order = (extra: Record<string, unknown>) =>
    fc
      .tuple(lines, idempotencyHeaders)
      .map(([l, headers]) => request({ headers, body: json(testOrderBody(l, extra)) }));

  const m = f.member;
  const bearer = { authorization: `Bearer ${m.token}` };
  const memberRequest = (parts: Partial<RequestParts>) =>
    request({ ...parts, headers: { ...bearer, ...parts.headers } });
  // The member's figures with the discounts the server applies (signup, the held plan), by the one money model.
  const memberOrder = fc.tuple(lines, idempotencyHeaders).map(([l, headers]) =>
    memberRequest({
      headers,
      body: json(
        testOrderBody(
          l,
          { discountPlan: m.plan.id, user_id: 1 },
          { signupPercent: m.signupPercent, membershipPercent: m.plan.discount_percentage },
        ),
      ),
    }),
  );
  const address = {
    f_name: 'Fuzz',
    l_name: "O'Member",
    email: m.email,
    phone: '0412345678',
    street_address: '2 Fuzz St',
    city: 'Melbourne',
    state: 'VIC',
    post_code: '3000',
    address_type: 'Work',
  };
  const member = {
    'POST /api/registered': [
      fc.uuid().map((id) =>
        request({
          body: json({
            name: 'New Fuzz',
            email: `fuzz.${id}@example.com`,
            password: 'Fuzz!passw0rd',
            phone: '0400000000',
          }),
        }),
      ),
    ],
    'POST /api/login': [fc.constant(request({ body: json({ email: m.email, password: m.password }) }))],
    'GET /api/profile': [fc.constant(memberRequest({}))],
    'GET /api/user': [fc.constant(memberRequest({}))],
    'POST /api/profile/update': [
      fc.constant(memberRequest({ body: json({ name: 'Fuzz Member', phone: '0412345678', role_id: 1 }) })),
    ],
    'GET /api/user-addresses': [fc.constant(memberRequest({}))],
    'GET /api/user-addresses/{id}': [fc.constant(memberRequest({ pathParams: { id: String(m.addressId) } }))],
    'POST /api/user-addresses/store': [
      fc.constant(memberRequest({ body: json({ ...address, user_id: 1 }) })),
    ],
    'PUT /api/user-addresses/{id}': [
      fc.constant(
        memberRequest({
          pathParams: { id: String(m.addressId) },
          body: json({ street_address: '1 Fuzz St' }),
        }),
      ),
    ],
    'GET /api/user-order': [
      fc.constant(
        memberRequest({
          query: [
            ['column', 'user_id'],
            ['value', String(m.userId)],
          ],
        }),
      ),
    ],
    'POST /api/check-email': [fc.constant(request({ body: json({ email: m.email }) }))],
    // My Garage (issue 15 §5): the one listed vehicle in a year it covers; the seeded entry renamed.
    'GET /api/garage': [fc.constant(memberRequest({}))],
    'POST /api/garage': [
      fc
        .record({
          year: fc.integer({ min: 2015, max: 2024 }),
          name: fc.constantFrom('Work ute', '', 'Zoë’s 🚗'),
        })
        .map((b) => memberRequest({ body: json({ vehicle_id: f.vehicle.id, ...b }) })),
    ],
    'POST /api/garage/merge': [
      fc.constant(
        memberRequest({
          body: json({
            vehicles: [
              { vehicle_id: f.vehicle.id, year: 2016, name: 'Guest ute' },
              { vehicle_id: f.vehicle.id },
              { vehicle_id: 2_147_483_647, year: 2017 },
            ],
          }),
        }),
      ),
    ],
    // A member's cart kept with the account (issue 37 §5): read it; save a few of the products on version 0 (the
    // first save is stored, later ones answer 409 with the stored cart, writing nothing).
    'GET /api/cart': [fc.constant(memberRequest({}))],
    // Trade accounts (issue 39): read the account, prices, quick order (applying works once per member and the fleet
    // is for members of a business: the property runs cover them).
    'GET /api/trade/account': [fc.constant(memberRequest({}))],
    'GET /api/trade/prices': [
      fc
        .subarray(f.productIds, { minLength: 1 })
        .map((ids) => memberRequest({ query: [['ids', ids.join(',')]] })),
    ],
    'POST /api/trade/quick-order': [
      fc
        .constantFrom('BP-1234 2', 'x\n2 x y\n', 'A,1\tB 3')
        .map((text) => memberRequest({ body: json({ text }) })),
    ],
    'PATCH /api/garage/{id}': [
      fc
        .constantFrom('Fuzz ute', '', null)
        .map((name) => memberRequest({ pathParams: { id: String(m.garageEntryId) }, body: json({ name }) })),
    ],
  };
  const adminBearer = { authorization: `Bearer ${f.admin.token}` };
  const adminRequest = (parts: Partial<RequestParts>) =>
    request({ ...parts, headers: { ...adminBearer, ...parts.headers } });
  const admin = {
    'POST /api/admin/login': [
      fc.constant(request({ body: json({ email: f.admin.email, password: f.admin.password }) })),
    ],
    'GET /api/admin/me': [fc.constant(adminRequest({}))],
    'GET /api/admin/staff': [fc.constant(adminRequest({}))],
    'GET /api/admin/jobs': [fc.constant(adminRequest({}))],
    // Issue 39 §6: the back office's trade accounts and price lists (the fuzz has no trade account of its own).
    'GET /api/admin/trade-applications': [
      fc
        .constantFrom('', 'pending', 'declined')
        .map((status) => adminRequest(status ? { query: [['status', status]] } : {})),
    ],
    'GET /api/admin/trade-accounts': [
      fc
        .constantFrom('Rivet', '%', '_', "O'Connor", '51 824 753 556', 'accounts@')
        .map((search) => adminRequest({ query: [['search', search]] })),
    ],
    'GET /api/admin/trade-ageing': [fc.constant(adminRequest({}))],
    'GET /api/admin/price-lists': [fc.constant(adminRequest({}))],
    'GET /api/admin/price-lists/targets': [
      fc
        .record({
          scope: fc.constantFrom('product', 'brand', 'child_category', 'category'),
          search: fc.constantFrom('', 'a', '%', "O'Connor", ...f.skus.slice(0, 2)),
        })
        .map((q) => adminRequest({ query: Object.entries(q) })),
    ],
    'POST /api/admin/price-lists': [
      fc.record({ id: fc.uuid(), percent: fc.constantFrom(5, 12.5, 100) }).map(({ id, percent }) =>
        adminRequest({
          body: json({
            name: `Fuzz list ${id.slice(0, 13)}`,
            rules: [
              { scope: 'all', target_id: null, percent_off: percent, fixed_price: null },
              { scope: 'product', target_id: f.productIds[0], percent_off: null, fixed_price: '9.95' },
            ],
          }),
        }),
      ),
    ],
    'GET /api/admin/orders': [
      fc
        .record(
          {
            q: fc.constantFrom('INV-00', 'fuzz', '%', '_', "O'Connor", f.orderPublicId),
            status: fc.constantFrom('pending', 'processing', 'cancelled'),
            payment_status: fc.constantFrom('completed', 'pending', 'failed'),
            sort: fc.constantFrom('created_at', 'total', 'invoice_number'),
            direction: fc.constantFrom('asc', 'desc'),
            page: fc.constantFrom('1', '2'),
            per_page: fc.constantFrom('1', '20', '100'),
            from: fc.constant('2026-01-01'),
            to: fc.constant('2036-12-31'),
          },
          { requiredKeys: [] },
        )
        .map((q) => adminRequest({ query: Object.entries(q) })),
    ],
    'GET /api/admin/orders/{publicId}': [
      fc.constant(adminRequest({ pathParams: { publicId: f.orderPublicId } })),
    ],
    // Issue 36 §4: notes and correcting the address (resending a mail has no known-good request: a second one
    // within a minute is refused, 409, so it is fuzzed from its schema alone).
    'GET /api/admin/orders/{publicId}/notes': [
      fc.constant(adminRequest({ pathParams: { publicId: f.orderPublicId } })),
    ],
    'POST /api/admin/orders/{publicId}/notes': [
      fc
        .constantFrom('Rang the customer.', "O'Connor asked for\na call 🚗", 'x'.repeat(2000))
        .map((body) => adminRequest({ pathParams: { publicId: f.orderPublicId }, body: json({ body }) })),
    ],
    'GET /api/admin/orders/{publicId}/shipping-address': [
      fc.constant(adminRequest({ pathParams: { publicId: f.orderPublicId } })),
    ],
    'PUT /api/admin/orders/{publicId}/shipping-address': [
      fc
        .constantFrom(UNUSUAL_CUSTOMER, { ...UNUSUAL_CUSTOMER, state: 'QLD', company: '' })
        .map(({ comment: _comment, ...address }) =>
          adminRequest({ pathParams: { publicId: f.orderPublicId }, body: json(address) }),
        ),
    ],
    'GET /api/admin/orders.csv': [
      fc
        .record(
          {
            q: fc.constantFrom('INV-00', '%', "O'Connor", f.orderPublicId),
            status: fc.constantFrom('pending', 'cancelled'),
            payment_status: fc.constantFrom('completed', 'failed'),
            from: fc.constant('2026-01-01'),
            to: fc.constant('2036-12-31'),
          },
          { requiredKeys: [] },
        )
        .map((q) => adminRequest({ query: Object.entries(q) })),
    ],
    'GET /api/admin/products.csv': [fc.constant(adminRequest({}))],
    'GET /api/admin/customers.csv': [fc.constant(adminRequest({}))],
    'GET /api/admin/reports/sales': [
      fc
        .record(
          {
            period: fc.constantFrom('week', 'month', 'quarter'),
            top: fc.constantFrom('1', '20', '1000'),
          },
          { requiredKeys: [] },
        )
        .map((q) => adminRequest({ query: Object.entries(q) })),
      fc.constant(
        adminRequest({
          query: [
            ['period', 'custom'],
            ['from', '2026-01-01'],
            ['to', '2027-12-31'],
          ],
        }),
      ),
    ],
    'GET /api/admin/reports/sales.csv': [
      fc
        .constantFrom('totals', 'products', 'categories', 'days')
        .map((section) => adminRequest({ query: [['section', section]] })),
    ],
    // The back office's catalog (issue 12): list filters, one product, an SEO edit (stock and prices are what
    // the order routes' checks rely on, so the known-good edit leaves them alone).
    'GET /api/admin/products': [
      fc
        .record(
          {
            q: fc.constantFrom('brake', 'H4', '%', '_', "O'Connor", ...f.skus.slice(0, 3)),
            low_stock: fc.constantFrom('true', 'false'),
            featured: fc.constantFrom('true', 'false'),
            sort: fc.constantFrom('title', 'price', 'stock', 'updated_at'),
            direction: fc.constantFrom('asc', 'desc'),
            page: fc.constantFrom('1', '2'),
            per_page: fc.constantFrom('1', '20', '100'),
          },
          { requiredKeys: [] },
        )
        .map((q) => adminRequest({ query: Object.entries(q) })),
    ],
    'GET /api/admin/products/{sku}': [
      fc.constantFrom(...f.skus.slice(0, 3)).map((sku) => adminRequest({ pathParams: { sku } })),
    ],
    'PATCH /api/admin/products/{sku}': [
      fc
        .record({
          sku: fc.constantFrom(...f.skus.slice(0, 3)),
          title: fc.constantFrom('Fuzz title', "O'Connor"),
        })
        .map(({ sku, title }) => adminRequest({ pathParams: { sku }, body: json({ seo_title: title }) })),
    ],
    'GET /api/admin/imports': [fc.constant(adminRequest({}))],
    // The product editor (issue 36 §1): its choices, one product, a new one per run, a copy.
    'GET /api/admin/product-taxonomy': [fc.constant(adminRequest({}))],
    'GET /api/admin/products/{sku}/editor': [fc.constant(adminRequest({ pathParams: { sku: f.editorSku } }))],
    'POST /api/admin/products': [
      fc.uuid().map((id) =>
        adminRequest({
          body: json({
            title: `Fuzz editor product ${id.slice(0, 8)}`,
            sku: `FUZZ-NEW-${id.slice(0, 8)}`,
            price: '19.95',
            part_numbers: ['FZ-100'],
            fitments: [{ vehicle_id: f.vehicle.id, position: 'Front', notes: 'fuzz' }],
          }),
        }),
      ),
    ],
    'POST /api/admin/products/{sku}/duplicate': [
      fc.constant(adminRequest({ pathParams: { sku: f.editorSku } })),
    ],
    // Issue 36 §2: the home page's merchandising (new items are hero slides; the seeded offer banner is edited and
    // reordered, so its kind always has exactly that one id).
    'GET /api/admin/home-content': [fc.constant(adminRequest({}))],
    'POST /api/admin/home-content': [
      fc
        .record({
          heading: fc.constantFrom('Winter sale', "O'Connor's pick", 'Ünïcödé 🚗'),
          starts_at: fc.constantFrom(null, '2026-12-01T00:00:00+11:00'),
          ends_at: fc.constantFrom(null, '2030-01-01T00:00:00Z'),
        })
        .map((v) =>
          adminRequest({
            body: json({
              kind: 'hero_slide',
              image: f.home.image,
              link: '/shop?page=1&category=brakes',
              ...v,
            }),
          }),
        ),
    ],
    'PUT /api/admin/home-content/{id}': [
      fc.constantFrom('Offer', 'Offer until Sunday').map((heading) =>
        adminRequest({
          pathParams: { id: String(f.home.offerBannerId) },
          body: json({ kind: 'offer_banner', image: f.home.image, heading, text: 'Save', link: '/brands' }),
        }),
      ),
    ],
    'PUT /api/admin/home-content/order': [
      fc.constant(adminRequest({ body: json({ kind: 'offer_banner', ids: [f.home.offerBannerId] }) })),
    ],
    'PUT /api/admin/home-content/featured': [
      fc
        .subarray(
          f.skus.filter((_, i) => i % 2 === 0),
          { maxLength: 5 },
        )
        .map((skus) => adminRequest({ body: json({ skus }) })),
    ],
    // A cent refunded from the seeded paid order, each with a new key (issue 12 refunds).
    'POST /api/admin/orders/{publicId}/refunds': [
      fc.uuid().map((key) =>
        adminRequest({
          pathParams: { publicId: f.orderPublicId },
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          body: json({ amount: '0.01', reason: 'Fuzz refund' }),
        }),
      ),
    ],
    'GET /api/admin/returns': [
      fc
        .record(
          {
            q: fc.constantFrom('jane', 'INV-00', '%', '_', "O'Connor", f.orderPublicId),
            status: fc.constantFrom(...RETURN_STATUSES),
            page: fc.constantFrom('1', '2'),
            per_page: fc.constantFrom('1', '20', '100'),
          },
          { requiredKeys: [] },
        )
        .map((q) => adminRequest({ query: Object.entries(q) })),
    ],
    'GET /api/admin/returns/{id}': [fc.constant(adminRequest({ pathParams: { id: String(f.returnId) } }))],
    // Issue 36 §3: a refund of one unit by line item (restocked), and the return's later steps.
    'POST /api/admin/orders/{publicId}/line-refunds': [
      fc.uuid().map((key) =>
        adminRequest({
          pathParams: { publicId: f.orderPublicId },
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
          body: json({
            lines: [{ line_id: f.orderLineId, quantity: 1, restock: true }],
            shipping: '0',
            reason: 'Fuzz refund',
          }),
        }),
      ),
    ],
    'GET /api/admin/returns/{id}/file': [
      fc.constant(adminRequest({ pathParams: { id: String(f.returnId) } })),
    ],
    'GET /api/admin/customers': [
      fc
        .record(
          {
            q: fc.constantFrom('fuzz', '%', '_', 'example.com'),
            sort: fc.constantFrom('name', 'created_at', 'orders', 'spent'),
            direction: fc.constantFrom('asc', 'desc'),
            page: fc.constantFrom('1', '2'),
            per_page: fc.constantFrom('1', '20', '100'),
          },
          { requiredKeys: [] },
        )
        .map((q) => adminRequest({ query: Object.entries(q) })),
    ],
    'GET /api/admin/customers/{id}': [
      fc.constant(adminRequest({ pathParams: { id: String(f.member.userId) } })),
    ],
    // Issue 34 §4: the member's other plan, granted and removed (never `member.plan`, which member orders use).
    'PUT /api/admin/customers/{id}/membership-plans/{planId}': [
      fc.constant(
        adminRequest({ pathParams: { id: String(f.member.userId), planId: String(f.member.otherPlanId) } }),
      ),
    ],
    'DELETE /api/admin/customers/{id}/membership-plans/{planId}': [
      fc.constant(
        adminRequest({ pathParams: { id: String(f.member.userId), planId: String(f.member.otherPlanId) } }),
      ),
    ],
    'GET /api/admin/messages': [
      fc
        .record(
          { status: fc.constantFrom('handled', 'unhandled'), page: fc.constantFrom('1', '2') },
          { requiredKeys: [] },
        )
        .map((q) => adminRequest({ query: Object.entries(q) })),
    ],
    'POST /api/admin/messages/{id}/handled': [
      fc
        .boolean()
        .map((handled) =>
          adminRequest({ pathParams: { id: String(f.contactMessageId) }, body: json({ handled }) }),
        ),
    ],
    'GET /api/admin/subscribers': [
      fc
        .record(
          { status: fc.constantFrom('active', 'unsubscribed', 'all'), per_page: fc.constantFrom('1', '100') },
          { requiredKeys: [] },
        )
        .map((q) => adminRequest({ query: Object.entries(q) })),
    ],
    'GET /api/admin/subscribers.csv': [fc.constant(adminRequest({}))],
    // Issue 36 §5: the store settings, saved as they are (a mutated save over a newer version answers 409).
    'GET /api/admin/settings': [fc.constant(adminRequest({}))],
    'PUT /api/admin/settings': [fc.constant(adminRequest({ body: json(f.settings) }))],
    // The taxonomy (issue 36 §2): the suite's own category, child category and brand, so the seed catalog's
    // addresses the shop's known-good requests use stay as they are; new names are unique per request.
    ...taxonomyRequests(f, adminRequest),
  };

  return {
    ...member,
    ...admin,
    'POST /api/place-order': [order({}), order(SHIP_TO), order(UNUSUAL_CUSTOMER), memberOrder],
    'GET /api/products/{sku}': [fc.constantFrom(...f.skus).map((sku) => request({ pathParams: { sku } }))],
    'GET /api/shop': [
      fc
        .record(
          {
            category: fc.constantFrom(...f.categories),
            child_category: fc.constantFrom(...f.childCategories),
            brand: fc.constantFrom(...f.brands),
            page: fc.constantFrom('1', '2'),
            pagination: fc.constantFrom('5', '20', '100'),
          },
          { requiredKeys: [] },
        )
        .map((q) => request({ query: Object.entries(q) })),
    ],
    'GET /api/search-product': [
      fc
        .constantFrom('battery', 'headlight globe', 'H4', 'socket set', 'wheel nuts', 'batery', 'KL-H7-55')
        .map((search) => request({ query: [['search', search]] })),
    ],
    'GET /api/cart-products': [
      fc.subarray(f.productIds, { minLength: 1 }).map((ids) => request({ query: [['ids', ids.join(',')]] })),
    ],
    'GET /api/orders-detail': [fc.constant(request({ query: [['id', f.orderPublicId]] }))],
    'POST /api/guest/track-order': [
      fc.constant(request({ body: json({ id: f.orderPublicId }) })),
      // Issue 34 §6: by the order number (lower case, no dash) and the email (upper case).
      fc.constant(
        request({
          body: json({ id: f.orderNumber.toLowerCase().replace('-', ''), email: f.orderEmail.toUpperCase() }),
        }),
      ),
    ],
    // Issue 37 §1 (decision 0056): the thank-you page reads its order again with the order's pass.
    'POST /api/orders/{publicId}/confirmation': [
      fc.constant(request({ pathParams: { publicId: f.orderPublicId }, body: json({ pass: f.orderPass }) })),
    ],
    // Issue 37 §3: an order to return, by its number and the order's email.
    'POST /api/returnable-order': [
      fc.constant(request({ body: json({ id: f.orderNumber, email: f.orderEmail }) })),
    ],
    'POST /api/payments/wallet-orders': [
      lines.map((l) =>
        request({ body: json({ products: l.map((p) => ({ id: p.id, quantity: p.quantity })) }) }),
      ),
    ],
    'POST /api/payments/test-wallet/{walletOrderId}/approve': [
      fc.constant(request({ pathParams: { walletOrderId: f.walletOrderId } })),
    ],
    'POST /api/payments/test-wallet/{walletOrderId}/cancel': [
      fc.constant(request({ pathParams: { walletOrderId: f.walletOrderId } })),
    ],
    'POST /api/subscribe': [
      fc.nat({ max: 9999 }).map((n) => request({ body: json({ email: `fuzz${n}@example.com` }) })),
    ],
    // Issue 37 §4: a part enquiry from a search that found nothing, with and without the optional fields.
    'POST /api/part-enquiry': [
      fc.constant(
        request({
          body: json({
            part_number: 'DB1170',
            vehicle: '2018 Toyota HiLux SR5 2.8 TD 4x4 Dual Cab',
            name: 'Zoë D’Arcy',
            email: 'zoe@example.com',
            phone: '0412345678',
            message: 'Front pads, please.\nCan you post to 2150?',
            query: 'db1170',
          }),
        }),
      ),
      fc.constant(request({ body: json({ part_number: 'DB1170', name: 'Sam', email: 'sam@example.com' }) })),
    ],
    // Issue 37 §4: the best sellers of the last 90 days (or the featured products).
    'GET /api/best-selling-products': [fc.constant(request({}))],
    'GET /api/address-suggestions': [
      fc
        .constantFrom('Guildford', '2161', 'Melb', 'Kippa-Ring', "O'Connor")
        .map((query) => request({ query: [['query', query]] })),
    ],
  };
}

/**
 * Requests that pass every schema but that the store refuses for a business reason: a declined card (402), a
 * wallet order nobody approved (402), figures a cent off the server's (409 prices_changed), more than the last
 * unit in stock (409 out_of_stock). They are bases for mutation like the known-good ones, so runs reach the
 * payment, repricing and stock steps, not only validation.
 */
export function refusedValidRequests(f: FuzzFixtures): Record<string, fc.Arbitrary<RequestParts>[]> {
  const first = f.orderable[0];
  if (!first) return {};
  const one: TestLine[] = [{ ...first, quantity: 1 }];
  const body = (lines: TestLine[], extra: Record<string, unknown>) =>
    fc.constant(request({ body: json(testOrderBody(lines, extra)) }));
  const centOff = testOrderBody(one);
  const products = centOff.products as { qp_subtotal: string }[];
  if (products[0]) products[0].qp_subtotal = (Number(products[0].qp_subtotal) + 0.01).toFixed(2);
  return {
    'POST /api/place-order': [
      body(one, { stripePaymentMethodId: TEST_PAYMENT_METHOD_DECLINES }),
      fc.stringMatching(/^TW[0-9A-F]{16}$/).map((id) =>
        request({
          body: json(testOrderBody(one, { payment_method: PAYMENT_METHOD_WALLET, payment_intent_id: id })),
        }),
      ),
      fc.constant(request({ body: json(centOff) })),
      body([{ ...f.lastUnit, quantity: 2 }], {}),
      // A card that asks for 3-D Secure: 402 requires_action, the order held.
      body(one, { stripePaymentMethodId: TEST_PAYMENT_METHOD_AUTHENTICATES }),
    ],
    // Issue 37 §5: a member's cart saved on version 0 (stored once, then 409: built on an older cart) and on a
    // version the cart never had (409 with the stored cart).
    'PUT /api/cart': [0, 999_999].map((version) =>
      fc.subarray(f.productIds, { maxLength: 5 }).map((ids) =>
        request({
          headers: { authorization: `Bearer ${f.member.token}` },
          body: json({ version, lines: ids.map((id) => ({ id, quantity: 2 })) }),
        }),
      ),
    ),
    // Issue 37 §1: an account from the fixture order: made once, then 409 (the order is in an account).
    'POST /api/orders/{publicId}/account': [
      fc.constant(
        request({
          pathParams: { publicId: f.orderPublicId },
          body: json({ pass: f.orderPass, password: 'Fuzz!Account1' }),
        }),
      ),
    ],
    // My Garage: a year the vehicle was not sold in (400), an entry that is not there (404).
    // The product editor: a save or archive against a version long gone (409, nothing written).
    'PUT /api/admin/products/{sku}': [
      fc.constant(
        request({
          pathParams: { sku: f.editorSku },
          headers: { authorization: `Bearer ${f.admin.token}` },
          body: json({ title: 'Fuzz Editor Product', sku: f.editorSku, price: '19.95', version: 999_999 }),
        }),
      ),
    ],
    'POST /api/admin/products/{sku}/archive': [
      fc.constant(
        request({
          pathParams: { sku: f.editorSku },
          headers: { authorization: `Bearer ${f.admin.token}` },
          body: json({ version: 999_999 }),
        }),
      ),
    ],
    'POST /api/admin/products/{sku}/unarchive': [
      fc.constant(
        request({
          pathParams: { sku: f.editorSku },
          headers: { authorization: `Bearer ${f.admin.token}` },
          body: json({ version: 999_999 }),
        }),
      ),
    ],
    'POST /api/garage': [
      fc.constant(
        request({
          body: json({ vehicle_id: f.vehicle.id, year: f.vehicle.yearFrom - 1 }),
          headers: { authorization: `Bearer ${f.member.token}` },
        }),
      ),
    ],
    'DELETE /api/garage/{id}': [
      fc.constant(
        request({
          pathParams: { id: '2147483647' },
          headers: { authorization: `Bearer ${f.member.token}` },
        }),
      ),
    ],
    // The warehouse (issue 36 §4): the seeded order's packing slip and pick list, a batch with an illegal move
    // (pending to delivered: reported, nothing changes) and the low-stock report.
    'POST /api/admin/orders/packing-slips': [
      fc.constant(
        request({
          body: json({ orders: [f.orderPublicId] }),
          headers: { authorization: `Bearer ${f.admin.token}` },
        }),
      ),
    ],
    'POST /api/admin/orders/pick-list': [
      fc.constant(
        request({
          body: json({ orders: [f.orderPublicId] }),
          headers: { authorization: `Bearer ${f.admin.token}` },
        }),
      ),
    ],
    'POST /api/admin/orders/batch-status': [
      fc.constant(
        request({
          body: json({ moves: [{ order: f.orderPublicId, status: 'delivered', note: 'Fuzz batch' }] }),
          headers: { authorization: `Bearer ${f.admin.token}` },
        }),
      ),
    ],
    'POST /api/admin/low-stock-report': [
      fc.constant(request({ headers: { authorization: `Bearer ${f.admin.token}` } })),
    ],
    // An illegal move (pending to delivered): 409 and nothing changes.
    'POST /api/admin/orders/{publicId}/status': [
      fc.constant(
        request({
          pathParams: { publicId: f.orderPublicId },
          body: json({ status: 'delivered' }),
          headers: { authorization: `Bearer ${f.admin.token}` },
        }),
      ),
    ],
    // More than the order's total: 400 naming the most that can be refunded, nothing refunded.
    'POST /api/admin/orders/{publicId}/refunds': [
      fc.uuid().map((key) =>
        request({
          pathParams: { publicId: f.orderPublicId },
          body: json({ amount: '99999.99', reason: 'Too much' }),
          headers: { authorization: `Bearer ${f.admin.token}`, [IDEMPOTENCY_KEY_HEADER]: key },
        }),
      ),
    ],
    // A return's later steps wait for the earlier ones: on the seeded return they are refused (409) and change
    // nothing (issue 36 §3).
    'POST /api/admin/returns/{id}/receive': [
      fc.constant(
        request({
          headers: { authorization: `Bearer ${f.admin.token}` },
          pathParams: { id: String(f.returnId) },
          body: json({ lines: [{ line_id: f.orderLineId, quantity_received: 1, condition: 'unopened' }] }),
        }),
      ),
    ],
    'POST /api/admin/returns/{id}/refund': [
      fc.constant(
        request({
          headers: { authorization: `Bearer ${f.admin.token}` },
          pathParams: { id: String(f.returnId) },
          body: json({ lines: [{ line_id: f.orderLineId, quantity: 1, restock: true }], reason: 'Fuzz' }),
        }),
      ),
    ],
    'POST /api/admin/returns/{id}/replace': [
      fc.constant(
        request({
          headers: { authorization: `Bearer ${f.admin.token}` },
          pathParams: { id: String(f.returnId) },
          body: json({ note: 'Fuzz replacement' }),
        }),
      ),
    ],
    // A return takes each step once: the first approval may pass, every later one is 409 and changes nothing.
    'POST /api/admin/returns/{id}/approve': [
      fc.constantFrom('', 'Fuzz approval').map((note) =>
        request({
          pathParams: { id: String(f.returnId) },
          body: json({ note }),
          headers: { authorization: `Bearer ${f.admin.token}` },
        }),
      ),
    ],
    'POST /api/admin/returns/{id}/reject': [
      fc.constant(
        request({
          pathParams: { id: String(f.returnId) },
          body: json({ reason: 'Fuzz rejection' }),
          headers: { authorization: `Bearer ${f.admin.token}` },
        }),
      ),
    ],
    // The first run passes the seeded payment's 3-D Secure; later runs meet a payment no longer waiting (409).
    'POST /api/payments/test-card/{paymentId}/authenticate': [
      fc.constant(
        request({
          pathParams: { paymentId: f.threeDSecure.paymentId },
          body: json({ client_secret: f.threeDSecure.clientSecret }),
        }),
      ),
    ],
    'POST /api/payments/test-card/{paymentId}/fail': [
      fc.constant(
        request({
          pathParams: { paymentId: f.threeDSecure.paymentId },
          body: json({ client_secret: f.threeDSecure.clientSecret }),
        }),
      ),
    ],
  };
}

/** Known-good requests of the back office's taxonomy routes (issue 36 §2, decision 0050). */
function taxonomyRequests(
  f: FuzzFixtures,
  adminRequest: (parts: Partial<RequestParts>) => RequestParts,
): Record<string, fc.Arbitrary<RequestParts>[]> {
  const { categoryId, childCategoryId, brandId } = f.taxonomy;
  const unique = fc.uuid().map((u) => u.slice(0, 8));
  const id = (value: number) => ({ id: String(value) });
  return {
    'GET /api/admin/categories': [fc.constant(adminRequest({}))],
    'GET /api/admin/brands': [fc.constant(adminRequest({}))],
    'POST /api/admin/categories': [
      unique.map((u) => adminRequest({ body: json({ title: `Fuzz Added ${u}` }) })),
      unique.map((u) => adminRequest({ body: json({ title: `Fuzz Über ${u}`, sku: `fuzz-added-${u}` }) })),
    ],
    'PUT /api/admin/categories/{id}': [
      unique.map((u) =>
        adminRequest({ pathParams: id(categoryId), body: json({ title: `Fuzz Category ${u}` }) }),
      ),
      unique.map((u) =>
        adminRequest({
          pathParams: id(categoryId),
          body: json({ title: `Fuzz Moved ${u}`, sku: `fuzz-renamed-category-${u}` }),
        }),
      ),
    ],
    // Last of the menu, after the seed's categories: up is always a place to go for a few moves.
    'POST /api/admin/categories/{id}/move': [
      fc.constant(adminRequest({ pathParams: id(categoryId), body: json({ direction: 'up' }) })),
    ],
    'PATCH /api/admin/categories/{id}/retired': [
      fc.boolean().map((retired) => adminRequest({ pathParams: id(categoryId), body: json({ retired }) })),
    ],
    'POST /api/admin/categories/{id}/children': [
      unique.map((u) =>
        adminRequest({ pathParams: id(categoryId), body: json({ title: `Fuzz Child ${u}` }) }),
      ),
    ],
    'PUT /api/admin/child-categories/{id}': [
      unique.map((u) =>
        adminRequest({
          pathParams: id(childCategoryId),
          body: json({ title: `Fuzz Child Renamed ${u}`, child_sku: `fuzz-renamed-child-${u}` }),
        }),
      ),
    ],
    'POST /api/admin/child-categories/{id}/move': [
      fc.constant(adminRequest({ pathParams: id(childCategoryId), body: json({ direction: 'up' }) })),
    ],
    'PATCH /api/admin/child-categories/{id}/retired': [
      fc
        .boolean()
        .map((retired) => adminRequest({ pathParams: id(childCategoryId), body: json({ retired }) })),
    ],
    'POST /api/admin/brands': [unique.map((u) => adminRequest({ body: json({ title: `Fuzz Brand ${u}` }) }))],
    'PUT /api/admin/brands/{id}': [
      unique.map((u) =>
        adminRequest({
          pathParams: id(brandId),
          body: json({ title: `Fuzz Brand Renamed ${u}`, permalink: `fuzz-renamed-brand-${u}` }),
        }),
      ),
    ],
    'PATCH /api/admin/brands/{id}/retired': [
      fc.boolean().map((retired) => adminRequest({ pathParams: id(brandId), body: json({ retired }) })),
    ],
  };
}
