/**
 * What the known-good requests need to exist: the seed catalog, three products of the suite's own with stock
 * enough for every order a long run places, one with a single unit left, one order placed and one test wallet order created through the
 * API (so their ids are real).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authResponseSchema, savedAddressSchema, userDetailResponseSchema } from '@store/shared/account';
import { adminCustomerAnswerSchema } from '@store/shared/admin-customers';
import { garageVehicleResponseSchema } from '@store/shared/garage';
import { placeOrderResponseSchema, walletOrderResponseSchema } from '@store/shared/order';
import { paymentIdOfClientSecret, TEST_PAYMENT_METHOD_AUTHENTICATES } from '@store/shared/test-payments';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import type { Database } from '../../src/db/client';
import {
  brands,
  categories,
  childCategories,
  contactMessages,
  homeContentItems,
  orderLineItems,
  orderReturns,
  orders,
  products,
  vehicles,
} from '../../src/db/schema';
import { TEST_CUSTOMER, testOrderBody, type TestLine } from '../../src/modules/orders/test-order-body';
import { createStaff } from '../../src/modules/admin/staff-accounts';
import { importVehicles } from '../../src/modules/vehicles/import-vehicles';
import { SEED_BRANDS, SEED_CATEGORIES, seedCatalog, seedProduct } from '../seed-catalog';

export interface FuzzProduct {
  id: number;
  /** Unit price after the product discount, cents. */
  unitPriceCents: number;
}

export interface FuzzFixtures {
  /** Products with a million in stock (or untracked), for orders that succeed. */
  orderable: FuzzProduct[];
  /** One unit in stock and never bought by a known-good order: ordering two is always out of stock. */
  lastUnit: FuzzProduct;
  productIds: number[];
  skus: string[];
  categories: string[];
  childCategories: string[];
  brands: string[];
  orderPublicId: string;
  /** That order's first line item (issue 36 §3: refunds by line, a return's received lines). */
  orderLineId: number;
  /** That order's number (INV-…) and email, for guest tracking by number (issue 34 §6). */
  orderNumber: string;
  /** That order's pass from the place-order answer (issue 37 §1, decision 0056), for the thank-you page's calls. */
  orderPass: string;
  orderEmail: string;
  walletOrderId: string;
  /** A signed-in admin who has changed the one-time password, for the back-office routes. */
  admin: { token: string; email: string; password: string };
  /** A return request with a PNG (linked to `orderPublicId`) and a contact message, for the back office's routes. */
  returnId: number;
  contactMessageId: number;
  /** A test card payment waiting for 3-D Secure (its order held), for the test-card routes. */
  threeDSecure: { paymentId: string; clientSecret: string };
  /**
   * A signed-in member with one saved address, holding `plan` (granted by the admin, issue 34 §4); `otherPlanId`
   * is a membership plan the known-good requests grant and remove, never `plan`.
   */
  member: {
    email: string;
    password: string;
    token: string;
    userId: number;
    addressId: number;
    signupPercent: number;
    plan: { id: number; discount_percentage: number };
    otherPlanId: number;
    /** One entry of their garage, for the garage routes. */
    garageEntryId: number;
  };
  /** The one vehicle of the vehicle list (Toyota HiLux GUN126R, 2015 on), for the garage routes. */
  vehicle: { id: number; yearFrom: number };
  /** A product for the product editor's routes only (issue 36), kept out of `skus`. */
  editorSku: string;
  /** The one offer banner of the home page (issue 36 §2), and a picture under the media folder for new items. */
  home: { offerBannerId: number; image: string };
  /** The store settings as seeded, as `PUT /api/admin/settings` takes them (with their version; issue 36 §5). */
  settings: Record<string, unknown>;
  /**
   * The suite's own category (last of the menu, after the seed's four), its last child category of five, and a
   * brand, for the taxonomy routes (issue 36 §2): renaming and moving them leaves the seed catalog's addresses alone.
   */
  taxonomy: { categoryId: number; childCategoryId: number; brandId: number };
}

/** The suite's own category with five child categories, and a brand (see FuzzFixtures.taxonomy). */
async function seedFuzzTaxonomy(db: Database): Promise<FuzzFixtures['taxonomy']> {
  const [category] = await db
    .insert(categories)
    .values({ title: 'Fuzz Category', sku: 'fuzz-category', permalink: 'fuzz-category', position: 100 })
    .returning({ id: categories.id });
  if (!category) throw new Error('setup category not stored');
  const children = await db
    .insert(childCategories)
    .values(
      [1, 2, 3, 4, 5].map((n) => ({
        categoryId: category.id,
        childTitle: `Fuzz Child ${n}`,
        childSku: `fuzz-child-${n}`,
        position: n,
      })),
    )
    .returning({ id: childCategories.id });
  const [brand] = await db
    .insert(brands)
    .values({ title: 'Fuzz Brand', permalink: 'fuzz-brand' })
    .returning({ id: brands.id });
  const lastChild = children.at(-1);
  if (!brand || !lastChild) throw new Error('setup taxonomy not stored');
  return { categoryId: category.id, childCategoryId: lastChild.id, brandId: brand.id };
}

/** Registers a member through the API, saves an address, has the admin grant them a plan and reads their plans. */
/** An admin from `createStaff` whose one-time password is changed through the API, as its owner would. */
async function seedAdmin(app: FastifyInstance): Promise<FuzzFixtures['admin']> {
  const email = 'fuzz.admin@example.com';
  const password = 'Fuzz!Admin0rd';
  const created = await createStaff(app.db, { email, name: 'Fuzz Admin', role: 'admin' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password: created.password },
  });
  const token = (login.json() as { token?: string }).token ?? '';
  const changed = await app.inject({
    method: 'POST',
    url: '/api/admin/password',
    headers: { authorization: `Bearer ${token}` },
    payload: { current_password: created.password, new_password: password },
  });
  if (changed.statusCode !== 200) throw new Error(`setup admin failed: ${changed.body}`);
  return { token, email, password };
}

/** A picture in the media folder and one offer banner using it, for the home-content routes. */
async function seedHomeContent(app: FastifyInstance, db: Database): Promise<FuzzFixtures['home']> {
  const image = 'home/fuzz-banner.svg';
  await mkdir(path.join(app.config.mediaDir, 'home'), { recursive: true });
  await writeFile(
    path.join(app.config.mediaDir, image),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400"></svg>',
  );
  const [row] = await db
    .insert(homeContentItems)
    .values({ kind: 'offer_banner', position: 1, image, heading: 'Fuzz offer', link: '/shop?page=1' })
    .returning({ id: homeContentItems.id });
  if (!row) throw new Error('setup home content not stored');
  return { offerBannerId: row.id, image };
}

/** The smallest valid PNG: a 1x1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A return request with a file and a contact message, sent through the forms' API as a customer would. */
async function seedCustomerService(app: FastifyInstance, db: Database, orderPublicId: string) {
  const form = new FormData();
  // Issue 37 §3: the free form needs the names, subject and message too, not only an email.
  form.append('f_name', 'Jane');
  form.append('l_name', 'Fuzz');
  form.append('email', 'jane@example.com');
  form.append('order_id', orderPublicId);
  form.append('subject', 'Fuzz');
  form.append('message', 'Fuzz return');
  form.append('file_path', new Blob([PNG], { type: 'image/png' }), 'fuzz.png');
  const encoded = new Response(form);
  const sent = await app.inject({
    method: 'POST',
    url: '/api/order-return',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
  if (sent.statusCode !== 200) throw new Error(`setup return failed: ${sent.statusCode} ${sent.body}`);
  const contact = await app.inject({
    method: 'POST',
    url: '/api/contact-us',
    payload: {
      f_name: 'Fuzz',
      l_name: 'Contact',
      email: 'fuzz.contact@example.com',
      subject: 'Hi',
      message: 'Hello',
    },
  });
  if (contact.statusCode !== 200)
    throw new Error(`setup contact failed: ${contact.statusCode} ${contact.body}`);
  const [returned] = await db.select({ id: orderReturns.id }).from(orderReturns).limit(1);
  const [message] = await db.select({ id: contactMessages.id }).from(contactMessages).limit(1);
  if (!returned || !message) throw new Error('setup return or contact message not stored');
  return { returnId: returned.id, contactMessageId: message.id };
}

async function seedMember(
  app: FastifyInstance,
  vehicleId: number,
  admin: FuzzFixtures['admin'],
): Promise<FuzzFixtures['member']> {
  const email = 'fuzz.member@example.com';
  const password = 'Fuzz!passw0rd';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/registered',
    payload: { name: 'Fuzz Member', email, password, phone: '0412345678' },
  });
  if (registered.statusCode !== 200) throw new Error(`setup member failed: ${registered.body}`);
  const { token, user } = authResponseSchema.parse(registered.json());
  const headers = { authorization: `Bearer ${token}` };
  const address = await app.inject({
    method: 'POST',
    url: '/api/user-addresses/store',
    headers,
    payload: {
      f_name: 'Fuzz',
      l_name: 'Member',
      email,
      phone: '0412345678',
      street_address: '1 Fuzz St',
      city: 'Guildford',
      state: 'NSW',
      post_code: '2161',
      address_type: 'Home',
    },
  });
  if (address.statusCode !== 200) throw new Error(`setup address failed: ${address.body}`);
  const garage = await app.inject({
    method: 'POST',
    url: '/api/garage',
    headers,
    payload: { vehicle_id: vehicleId, year: 2017, name: 'Fuzz ute' },
  });
  if (garage.statusCode !== 201) throw new Error(`setup garage failed: ${garage.body}`);
  const adminHeaders = { authorization: `Bearer ${admin.token}` };
  const customer = adminCustomerAnswerSchema.parse(
    (await app.inject({ url: `/api/admin/customers/${user.id}`, headers: adminHeaders })).json(),
  );
  const [first, other] = customer.data.membership_plans;
  if (!first || !other) throw new Error('two membership plans are not seeded');
  const granted = await app.inject({
    method: 'PUT',
    url: `/api/admin/customers/${user.id}/membership-plans/${first.id}`,
    headers: adminHeaders,
  });
  if (granted.statusCode !== 200) throw new Error(`setup plan grant failed: ${granted.body}`);
  const detail = userDetailResponseSchema.parse((await app.inject({ url: '/api/user', headers })).json());
  const plan = detail.data.data.user_membership_plans[0];
  if (!plan) throw new Error('the granted membership plan is not offered');
  return {
    email,
    password,
    token,
    userId: user.id,
    addressId: savedAddressSchema.parse(address.json().data).id,
    signupPercent: detail.data.data.signup_plans[0]?.discount_percentage ?? 0,
    plan,
    otherPlanId: other.id,
    garageEntryId: garageVehicleResponseSchema.parse(garage.json()).data.id,
  };
}

const PLENTY = 1_000_000;

export async function seedFuzzFixtures(app: FastifyInstance, db: Database): Promise<FuzzFixtures> {
  await seedCatalog(db);
  await importVehicles(
    db,
    `${VEHICLE_CSV_COLUMNS.join(',')}\nToyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD`,
  );
  const [vehicle] = await db.select({ id: vehicles.id, yearFrom: vehicles.yearFrom }).from(vehicles);
  if (!vehicle) throw new Error('setup vehicle not stored');
  const orderable: FuzzProduct[] = [
    {
      id: await seedProduct(db, {
        sku: 'FUZZ-OIL',
        title: 'Fuzz Oil Filter',
        priceCents: 2500,
        stock: PLENTY,
      }),
      unitPriceCents: 2500,
    },
    {
      id: await seedProduct(db, {
        sku: 'FUZZ-JUMP',
        title: 'Fuzz Jump Starter',
        priceCents: 4000,
        stock: PLENTY,
        discount: { type: 0, value: 25 },
      }),
      unitPriceCents: 3000,
    },
    {
      id: await seedProduct(db, { sku: 'FUZZ-FUSE', title: 'Fuzz Fuse Kit', priceCents: 1200, stock: null }),
      unitPriceCents: 1200,
    },
  ];
  const lastUnit: FuzzProduct = {
    id: await seedProduct(db, { sku: 'FUZZ-LAST', title: 'Fuzz Last Roof Box', priceCents: 19900, stock: 1 }),
    unitPriceCents: 19900,
  };
  const rows = await db
    .select({ id: products.id, sku: products.sku, permalink: products.permalink })
    .from(products);

  // Seeded after `rows` is read: the other routes never pick it, so its copies and saves touch nothing of theirs.
  const editorSku = 'FUZZ-EDIT';
  await seedProduct(db, { sku: editorSku, title: 'Fuzz Editor Product', priceCents: 1995, stock: 5 });

  const lines: TestLine[] = orderable.map((p) => ({ ...p, quantity: 1 }));
  const placed = await app.inject({ method: 'POST', url: '/api/place-order', payload: testOrderBody(lines) });
  if (placed.statusCode !== 200) throw new Error(`setup order failed: ${placed.statusCode} ${placed.body}`);
  const wallet = await app.inject({
    method: 'POST',
    url: '/api/payments/wallet-orders',
    payload: { products: [{ id: orderable[0]?.id, quantity: 1 }] },
  });
  if (wallet.statusCode !== 200)
    throw new Error(`setup wallet order failed: ${wallet.statusCode} ${wallet.body}`);
  const held = await app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: testOrderBody(lines.slice(0, 1), { stripePaymentMethodId: TEST_PAYMENT_METHOD_AUTHENTICATES }),
  });
  const clientSecret = String((held.json() as { client_secret?: unknown }).client_secret ?? '');
  const paymentId = paymentIdOfClientSecret(clientSecret);
  if (held.statusCode !== 402 || !paymentId) {
    throw new Error(`setup 3-D Secure order failed: ${held.statusCode} ${held.body}`);
  }

  const placedOrder = placeOrderResponseSchema.parse(placed.json()).data;
  const orderPublicId = placedOrder.id;
  const admin = await seedAdmin(app);
  return {
    ...(await seedCustomerService(app, db, orderPublicId)),
    orderable,
    lastUnit,
    productIds: rows.map((r) => r.id),
    skus: rows.flatMap((r) => [r.sku, r.permalink]),
    categories: SEED_CATEGORIES.map((c) => c.sku),
    childCategories: SEED_CATEGORIES.flatMap((c) => c.children.map(([childSku]) => childSku)),
    brands: SEED_BRANDS.map((b) => b.permalink),
    orderPublicId,
    orderLineId: await firstLineOf(db, orderPublicId),
    orderNumber: placedOrder.invoice_number,
    orderPass: placeOrderResponseSchema.parse(placed.json()).order_pass ?? '',
    orderEmail: TEST_CUSTOMER.email,
    walletOrderId: walletOrderResponseSchema.parse(wallet.json()).data.wallet_order_id,
    threeDSecure: { paymentId, clientSecret },
    admin,
    member: await seedMember(app, vehicle.id, admin),
    vehicle,
    editorSku,
    home: await seedHomeContent(app, db),
    settings: await seededSettings(app, admin.token),
    taxonomy: await seedFuzzTaxonomy(db),
  };
}

/** The settings' PUT body as they are (saving it changes nothing, so it stays valid whatever ran before). */
async function seededSettings(app: FastifyInstance, token: string): Promise<Record<string, unknown>> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/admin/settings',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`setup settings read failed: ${res.statusCode} ${res.body}`);
  const {
    gst_percent: _gst,
    updated_at: _at,
    ...body
  } = (res.json() as { data: Record<string, unknown> }).data;
  return body;
}

/** The first line item of order `publicId` (issue 36 §3). */
async function firstLineOf(db: Database, publicId: string): Promise<number> {
  const [line] = await db
    .select({ id: orderLineItems.id })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .where(eq(orders.publicId, publicId))
    .orderBy(orderLineItems.id)
    .limit(1);
  if (!line) throw new Error(`order ${publicId} has no lines`);
  return line.id;
}
