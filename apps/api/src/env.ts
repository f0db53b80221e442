/**
 * The only reader of process.env (DESIGN §1, §3). Every variable is parsed here with its embedded default;
 * a bad value stops the server at start with a message naming the variable.
 */
import {
  STRIPE_PAYMENT_METHOD_TYPES,
  type StripePaymentMethodType,
} from '@store/shared/payment-method-rules';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root: apps/api/src (or apps/api/dist, the bundled server) -> ../../.. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === '1' || v === 'true'));
/** Minutes between runs of a schedule, which must divide an hour (a cron every N minutes), or 0 for off. */
const minutesOfAnHour = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .refine(
      (n) => n === 0 || 60 % n === 0,
      'must divide an hour (1, 2, 3, 5, 10, 15, 20, 30 or 60), or 0 for off',
    )
    .default(fallback);

/** An S3 bucket name as S3 and its look-alikes accept it: 3-63 lowercase letters, digits, dots and hyphens. */
const bucketName = optionalText.pipe(
  z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens, such as shop-media',
    )
    .optional(),
);

/** PayPal's REST hosts by PAYPAL_ENV. */
export const PAYPAL_API_BASES = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/** OTEL_SERVICE_NAME's default: the name traces are filed under. */
export const DEFAULT_SERVICE_NAME = 'auto-parts-store';

/** The tracing variables (decision 0063), parsed with the rest and alone by src/tracing.ts. */
const tracingShape = {
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(
    z
      .string()
      .regex(
        /^https?:\/\/[^/?#]+(\/[^?#]*)?$/,
        "must be the collector's address, such as http://localhost:4318",
      )
      .optional(),
  ),
  OTEL_EXPORTER_OTLP_PROTOCOL: optionalText.pipe(
    z.enum(['http/protobuf', 'http/json']).default('http/protobuf'),
  ),
  OTEL_TRACES_EXPORTER: optionalText.pipe(z.enum(['otlp', 'console', 'none']).optional()),
  OTEL_SERVICE_NAME: optionalText.pipe(z.string().default(DEFAULT_SERVICE_NAME)),
};
const tracingSchema = z.object(tracingShape);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_REQUESTS: z.enum(['problems', 'all']).default('problems'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().int().min(1).max(100).optional(),
    ),
    DATABASE_PREPARED_STATEMENTS: flag(true),
    DATA_DIR: optionalText,
    PGLITE_DIR: optionalText,
    MEDIA_DIR: optionalText,
    PRIVATE_UPLOADS_DIR: optionalText,
    PUBLIC_MEDIA_URL: z.string().default('/media/'),
    S3_BUCKET: bucketName,
    S3_PRIVATE_BUCKET: bucketName,
    S3_ENDPOINT: optionalText.pipe(
      z
        .string()
        .regex(
          /^https?:\/\/[^/?#]+\/?$/,
          'must be a base URL such as http://127.0.0.1:9000 (MinIO) or https://<account>.r2.cloudflarestorage.com',
        )
        .optional(),
    ),
    S3_REGION: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, "must be a region name such as ap-southeast-2 (R2 takes 'auto')")
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag(false),
    PUBLIC_BASE_URL: optionalText.pipe(
      z
        .string()
        .regex(
          /^https?:\/\/[^/?#]+(\/[^?#]*)?$/,
          "must be the shop's public address, such as https://shop.example.com.au",
        )
        .optional(),
    ),
    WEB_DIST_DIR: optionalText,
    DEMO_CATALOG: flag(true),
    REDIS_URL: optionalText,
    SMTP_URL: optionalText,
    // Issue 41 §2: text messages (click & collect's "ready"). Unset: written to $DATA_DIR/sms-outbox.
    SMS_PROVIDER: z.enum(['outbox', 'twilio'], { error: 'must be outbox or twilio' }).default('outbox'),
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM: optionalText,
    MAIL_FROM: z
      .email('must be an email address such as orders@example.com.au')
      .default('no-reply@localhost'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PAYMENT_METHODS: optionalText.pipe(
      z
        .string()
        .transform((v) => [...new Set(v.split(',').map((t) => t.trim().toLowerCase()))].filter(Boolean))
        .pipe(
          z
            .array(
              z.enum(STRIPE_PAYMENT_METHOD_TYPES, {
                error: `must list payment method types from ${STRIPE_PAYMENT_METHOD_TYPES.join(', ')}, separated by commas`,
              }),
            )
            .refine(
              (types) => types.includes('card'),
              "must include 'card' (Apple Pay and Google Pay pay with it)",
            ),
        )
        .optional(),
    ),
    APPLE_PAY_DOMAIN_ASSOCIATION_FILE: optionalText,
    STRIPE_API_BASE: optionalText.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^/]+$/, 'must be a base URL such as https://api.stripe.com')
        .optional(),
    ),
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_WEBHOOK_ID: optionalText,
    PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
    PAYPAL_API_BASE: optionalText.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^/]+$/, 'must be a base URL such as https://api-m.sandbox.paypal.com')
        .optional(),
    ),
    ABN_LOOKUP_GUID: optionalText,
    ABN_LOOKUP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^?#]+$/, 'must be a base URL such as https://abr.business.gov.au/json')
        .optional(),
    ),
    AUSPOST_API_KEY: optionalText,
    AUSPOST_API_URL: optionalText.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^?#]+$/, 'must be a base URL such as https://digitalapi.auspost.com.au')
        .optional(),
    ),
    ALLOW_TEST_PAYMENTS: flag(false),
    SERVER_RENDERING: flag(true),
    PRERENDER_PAGES: flag(true),
    RENDERED_PAGES_MB: z.coerce.number().int().min(1).max(65_536).default(256),
    HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(25),
    ADMIN_REQUIRE_TOTP: flag(false),
    // The seller's ABN is the store setting `abn` (issue 34 §6, decision 0036 amended), which mails and tax invoices
    // both print. A STORE_ABN left from before would be ignored without a word, so it stops the start instead.
    STORE_ABN: optionalText.refine(
      (v) => v === undefined,
      'is no longer read: set the ABN in the store settings ("abn" in store.json), which mails and tax invoices both print',
    ),
    GOOGLE_MAPS_API_KEY: optionalText,
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    CATALOG_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    CATALOG_JSON_CACHE_MB: z.coerce.number().int().min(1).max(65_536).default(320),
    RATE_LIMIT_ORDER_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_PLACE_ORDERS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_LOGINS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_FORMS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    RATE_LIMIT_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    LOW_STOCK_MAIL_AT: z
      .string()
      .trim()
      .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, 'must be a Sydney time such as 07:00, or off')
      .default('07:00'),
    MIGRATE_ON_START: flag(true),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    RUN_JOBS: flag(true),
    RUN_SCHEDULES: flag(true),
    PAYMENTS_RECONCILE_MINUTES: minutesOfAnHour(15),
    DATABASE_UPKEEP_MINUTES: minutesOfAnHour(10),
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(
          /^[\x21-\x7e]{16,}$/,
          'must be at least 16 visible characters with no spaces (a long random string)',
        )
        .optional(),
    ),
    ...tracingShape,
  })
  .superRefine((e, ctx) => {
    if (e.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!e[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'is required with SMS_PROVIDER=twilio (or unset SMS_PROVIDER to write messages to the outbox)',
          });
      }
    }
    // A bucket setting without S3_BUCKET would be ignored without a word: the files would stay on this disk.
    if (!e.S3_BUCKET) {
      for (const name of [
        'S3_PRIVATE_BUCKET',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ] as const) {
        if (e[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is set but S3_BUCKET is not: set S3_BUCKET to keep files in a bucket, or unset this',
          });
      }
    }
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the SDK's default credentials (IAM role, ~/.aws)",
      });
    }
    if (e.S3_BUCKET && e.S3_PRIVATE_BUCKET === e.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_PRIVATE_BUCKET'],
        message:
          'must differ from S3_BUCKET (leave it unset to keep private files under private/ in S3_BUCKET)',
      });
    }
  });

/** The bucket files are kept in (issue 38 §1, decision 0061). */
export interface S3Settings {
  /** Public media (S3_BUCKET): keys as stored paths, `products/pad.jpg`. */
  bucket: string;
  /** Customers' files (S3_PRIVATE_BUCKET); null keeps them under `private/` in `bucket`. */
  privateBucket: string | null;
  /** S3_ENDPOINT (MinIO, R2, s3rver), else AWS's endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Both set, or neither (the SDK's default credential chain: environment, ~/.aws, an IAM role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`host/bucket/key`) rather than the host name: MinIO and s3rver need it. */
  forcePathStyle: boolean;
}

/**
 * Where traces go (decision 0063): 'otlp' to `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT set; `/v1/traces` is added)
 * over OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf, or http/json), 'console'
 * (OTEL_TRACES_EXPORTER=console), else 'off' (nothing loaded, no cost). OTEL_TRACES_EXPORTER=none turns an
 * endpoint off; =otlp without an endpoint is refused.
 */
export type TracingConfig =
  | { exporter: 'off'; serviceName: string }
  | { exporter: 'console'; serviceName: string }
  | { exporter: 'otlp'; serviceName: string; endpoint: string; protocol: 'http/protobuf' | 'http/json' };

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  /** LOG_REQUESTS: a line for every request (`all`) or for errors and slow answers only (decision 0092). */
  logRequests: 'problems' | 'all';
  /** PostgreSQL URL, or undefined for embedded PGlite. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per process; undefined takes defaultPoolSize() (decision 0072). */
  databasePoolSize: number | undefined;
  /**
   * DATABASE_PREPARED_STATEMENTS: repeated statements run as named prepared statements on PostgreSQL (on; 0 for a
   * pooler in transaction mode that does not carry them, decision 0093).
   */
  databasePreparedStatements: boolean;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
  /** Folder of served media (product images, brand logos); files under it are public. */
  mediaDir: string;
  /** Folder of customers' files (return attachments), never served publicly (issue 11). */
  privateUploadsDir: string;
  /**
   * Public base URL that stored image paths are appended to, ending in `/`: a path the store serves (`/media/`) or
   * the CDN in front of the bucket.
   */
  publicMediaUrl: string;
  /**
   * The S3-compatible bucket files are kept in when S3_BUCKET is set; null keeps them in `mediaDir` and
   * `privateUploadsDir` (decision 0061).
   */
  s3: S3Settings | null;
  /**
   * The shop's public address without a trailing slash (PUBLIC_BASE_URL, default `http://localhost:PORT`): links
   * in mails and sitemaps. Never taken from a request's Host header, which a client can forge.
   */
  publicBaseUrl: string;
  /** Built SPA folder; null disables SPA serving (API-only tests). */
  webDistDir: string | null;
  /** Load the demo catalog on start when the catalog is empty. */
  demoCatalog: boolean;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Address the store's mail is sent from; the store name is its display name. */
  mailFrom: string;
  /** Folder the mail goes to as `.eml` files when SMTP_URL is unset (DESIGN §3). */
  outboxDir: string;
  /**
   * Text messages (issue 41 §2): Twilio's REST API with its credentials, or by default `.json` files in
   * `smsOutboxDir`, read like the mail outbox.
   */
  sms: { provider: 'outbox' } | { provider: 'twilio'; accountSid: string; authToken: string; from: string };
  smsOutboxDir: string;
  /** Stripe's secret key; with the publishable key and the webhook secret it switches Stripe on (issue 10). */
  stripeSecretKey: string | undefined;
  /** Stripe's publishable key, public by design: the browser's Stripe.js needs it. */
  stripePublishableKey: string | undefined;
  /** Signing secret of the Stripe webhook endpoint (`whsec_...`). */
  stripeWebhookSecret: string | undefined;
  /**
   * The payment method types Stripe takes for this store (issue 40): STRIPE_PAYMENT_METHODS, comma-separated from
   * card, afterpay_clearpay, zip; 'card' by default, since Afterpay and Zip must first be switched on in Stripe's
   * dashboard (docs/deploy.md). The offline test provider takes all three.
   */
  stripePaymentMethods: StripePaymentMethodType[];
  /**
   * APPLE_PAY_DOMAIN_ASSOCIATION_FILE (issue 40 §4): Apple's domain association file from Stripe, served at
   * /.well-known/apple-developer-merchantid-domain-association; absent, that address answers 404.
   */
  applePayDomainAssociationFile: string | undefined;
  /** Stripe's API base: STRIPE_API_BASE (stripe-mock, a proxy, the tests' fake), else https://api.stripe.com. */
  stripeApiBase: string;
  paypalClientId: string | undefined;
  /** Id of the PayPal webhook (from PayPal's dashboard); PayPal's verify-signature call needs it. */
  paypalWebhookId: string | undefined;
  /** How long one call to Stripe or PayPal may take before the order is held as unconfirmed, ms. */
  paymentTimeoutMs: number;
  /** PayPal's REST secret; never leaves the server (`/api/encrypted-paypal-keys` answers the client id only). */
  paypalClientSecret: string | undefined;
  /** PayPal's REST API base: PAYPAL_API_BASE, else the sandbox or live host of PAYPAL_ENV. */
  paypalApiBase: string;
  /** The ABR's ABN Lookup GUID (issue 39 §1): with it, trade applications' ABNs are checked with the ABR. */
  abnLookupGuid: string | undefined;
  /** ABN Lookup's JSON base: ABN_LOOKUP_URL (the tests' fake), else https://abr.business.gov.au/json. */
  abnLookupUrl: string;
  /**
   * Australia Post's Postage Assessment Calculator key (issue 41 §4, decision 0069): with it, standard and express
   * delivery are priced by Australia Post; without it, by the store's rate table.
   */
  auspostApiKey: string | undefined;
  /** Australia Post's API base: AUSPOST_API_URL (the tests' fake), else https://digitalapi.auspost.com.au. */
  auspostApiUrl: string;
  /** Lets the offline test payment providers run under NODE_ENV=production (DESIGN §3); never on a real store. */
  allowTestPayments: boolean;
  /**
   * Catalog pages arrive rendered (decision 0025); on by default, SERVER_RENDERING=0 sends the empty shell
   * instead (the browser renders every page, as before issue 14).
   */
  serverRendering: boolean;
  /**
   * Bytes of gzipped rendered pages kept ready to send (decision 0027, RENDERED_PAGES_MB, 256 MB): a product
   * page is about 13 kB, so the default holds every page of a 10,000-product catalog; past it the least recently
   * asked-for pages go.
   */
  renderedPagesMaxBytes: number;
  /**
   * How far V8 lets its heap grow past what the last full collection kept before collecting again, percent
   * (decision 0040, HEAP_GROWTH_PERCENT, 25; 0 leaves it to V8, which allows up to 300 % on a large machine).
   */
  heapGrowthPercent: number;
  /**
   * Every catalog page is rendered into that cache in the background after start and after each catalog or
   * settings change (PRERENDER_PAGES, on; decision 0027), until the cache is nearly full.
   */
  prerenderPages: boolean;
  /** Admins must use a TOTP second factor (issue 12): until they set one up, only that setup is open to them. */
  adminRequireTotp: boolean;
  googleMapsApiKey: string | undefined;
  /**
   * How many proxies (load balancer, CDN) stand in front of the store; 0 trusts none. The client IP that rate
   * limits count by is read from X-Forwarded-For only that many hops back, so a client cannot forge it.
   */
  trustProxyHops: number;
  /**
   * Ms between the catalog read model's looks at the database for changes made elsewhere (decision 0019): the
   * most that stock shown can lag. 0 looks before every catalog read.
   */
  catalogPollMs: number;
  /**
   * How much of the products' answer JSON each instance keeps in memory, bytes (CATALOG_JSON_CACHE_MB, 320;
   * decision 0077): a quarter as sent, for the products asked for most recently, and the rest compressed (about a
   * million products of the demo generator's); a product in neither is read from the database when asked for.
   */
  catalogJsonCacheBytes: number;
  /**
   * How old the store's settings a page shows may be, ms (decision 0025: 5 s): `/api/store-config` and every
   * rendered page reuse one read for this long. Tests set 0.
   */
  settingsMaxAgeMs: number;
  /**
   * When the daily low-stock report goes to the store, 'HH:MM' in Sydney (LOW_STOCK_MAIL_AT, 07:00; issue 36 §4,
   * decision 0054); null ('off') sends none. A scheduled job (decision 0062): one instance sends it.
   */
  lowStockMailAt: string | null;
  /**
   * Apply the migrations when the server starts, under the migration lock (MIGRATE_ON_START, on; issue 38 §4,
   * decision 0064). Off, the server applies none and refuses to start while the database lacks one of this
   * release's: a rolling deploy runs `npm run db:migrate` first, then starts every instance with it off.
   */
  migrateOnStart: boolean;
  /**
   * How long a stopping server lets the requests under way finish before it closes their connections, ms
   * (SHUTDOWN_GRACE_MS, 10000; issue 38 §4, decision 0064).
   */
  shutdownGraceMs: number;
  /** Where `npm run db:backup` writes when not told (`<DATA_DIR>/backups`). */
  backupsDir: string;
  /**
   * This process works the store's jobs (RUN_JOBS, on; issue 38 §2, decision 0062): mails, the schedules' runs.
   * 0 on web instances when `npm run worker` processes work them; such an instance only enqueues.
   */
  runJobs: boolean;
  /**
   * This process takes part in the schedules (RUN_SCHEDULES, on): the daily low-stock report and reconciliation.
   * However many instances do, each due run is sent once (decision 0062); 0 leaves them to the others.
   */
  runSchedules: boolean;
  /**
   * Minutes between payment reconciliations run as a scheduled job (PAYMENTS_RECONCILE_MINUTES, 15; the same
   * work as `npm run payments:reconcile`); null (0) runs none.
   */
  paymentsReconcileMinutes: number | null;
  /**
   * Minutes between the embedded database's upkeep runs (DATABASE_UPKEEP_MINUTES, 10; decision 0090): vacuum and
   * statistics by autovacuum's rules, which PGlite never runs; null (0) runs none. PostgreSQL's own autovacuum
   * looks after a DATABASE_URL database, and there the store keeps neither queue nor schedule.
   */
  databaseUpkeepMinutes: number | null;
  /**
   * The Bearer token `/metrics` asks for (METRICS_TOKEN, decision 0063); without it `/metrics` answers only
   * clients on this machine that came through no proxy.
   */
  metricsToken: string | undefined;
  /** Traces (decision 0063): parsed here, started by src/tracing.ts before anything else loads. */
  tracing: TracingConfig;
  /** Requests per client IP per minute (SPEC §8 429s): order tracking and details, place-order, sign-in. */
  rateLimits: {
    orderLookupsPerMinute: number;
    placeOrdersPerMinute: number;
    loginsPerMinute: number;
    /** Contact messages and return requests, each (issue 11). */
    formsPerMinute: number;
    /** Every other `/api/` call together (issue 11). */
    apiPerMinute: number;
    /**
     * Server renders of a page not in the render cache (decision 0025); past it the client gets the shell, which
     * its browser renders, not a 429.
     */
    rendersPerMinute: number;
  };
}

/**
 * Parses an environment (default `process.env`) into the app's configuration.
 * Throws an Error listing every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const tracing = tracingOf(e);
  if (tracing instanceof Error) throw tracing;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data');
  const publicMediaUrl = e.PUBLIC_MEDIA_URL.endsWith('/') ? e.PUBLIC_MEDIA_URL : `${e.PUBLIC_MEDIA_URL}/`;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    pgliteDir:
      e.PGLITE_DIR === 'memory://'
        ? 'memory://'
        : path.resolve(REPO_ROOT, e.PGLITE_DIR ?? path.join(dataDir, 'pglite')),
    mediaDir: path.resolve(REPO_ROOT, e.MEDIA_DIR ?? path.join(dataDir, 'uploads')),
    privateUploadsDir: path.resolve(
      REPO_ROOT,
      e.PRIVATE_UPLOADS_DIR ?? path.join(dataDir, 'private-uploads'),
    ),
    publicMediaUrl,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          privateBucket: e.S3_PRIVATE_BUCKET ?? null,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
          region: e.S3_REGION ?? 'ap-southeast-2',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    demoCatalog: e.DEMO_CATALOG,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    outboxDir: path.join(dataDir, 'outbox'),
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID ?? '',
            authToken: e.TWILIO_AUTH_TOKEN ?? '',
            from: e.TWILIO_FROM ?? '',
          }
        : { provider: 'outbox' },
    smsOutboxDir: path.join(dataDir, 'sms-outbox'),
    mailFrom: e.MAIL_FROM,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripePaymentMethods: e.STRIPE_PAYMENT_METHODS ?? ['card'],
    applePayDomainAssociationFile: e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE
      ? path.resolve(REPO_ROOT, e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE)
      : undefined,
    stripeApiBase: e.STRIPE_API_BASE ?? 'https://api.stripe.com',
    paypalClientId: e.PAYPAL_CLIENT_ID,
    paypalWebhookId: e.PAYPAL_WEBHOOK_ID,
    paymentTimeoutMs: e.PAYMENT_TIMEOUT_MS,
    paypalClientSecret: e.PAYPAL_CLIENT_SECRET,
    paypalApiBase: e.PAYPAL_API_BASE ?? PAYPAL_API_BASES[e.PAYPAL_ENV],
    abnLookupGuid: e.ABN_LOOKUP_GUID,
    abnLookupUrl: (e.ABN_LOOKUP_URL ?? 'https://abr.business.gov.au/json').replace(/\/+$/, ''),
    auspostApiKey: e.AUSPOST_API_KEY,
    auspostApiUrl: (e.AUSPOST_API_URL ?? 'https://digitalapi.auspost.com.au').replace(/\/+$/, ''),
    allowTestPayments: e.ALLOW_TEST_PAYMENTS,
    serverRendering: e.SERVER_RENDERING,
    renderedPagesMaxBytes: e.RENDERED_PAGES_MB * 1024 * 1024,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    prerenderPages: e.PRERENDER_PAGES,
    adminRequireTotp: e.ADMIN_REQUIRE_TOTP,
    googleMapsApiKey: e.GOOGLE_MAPS_API_KEY,
    trustProxyHops: e.TRUST_PROXY,
    catalogPollMs: e.CATALOG_POLL_MS,
    catalogJsonCacheBytes: e.CATALOG_JSON_CACHE_MB * 1024 * 1024,
    settingsMaxAgeMs: 5_000,
    lowStockMailAt: e.LOW_STOCK_MAIL_AT === 'off' ? null : e.LOW_STOCK_MAIL_AT,
    metricsToken: e.METRICS_TOKEN,
    tracing,
    migrateOnStart: e.MIGRATE_ON_START,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    backupsDir: path.join(dataDir, 'backups'),
    runJobs: e.RUN_JOBS,
    runSchedules: e.RUN_SCHEDULES,
    paymentsReconcileMinutes: e.PAYMENTS_RECONCILE_MINUTES === 0 ? null : e.PAYMENTS_RECONCILE_MINUTES,
    databaseUpkeepMinutes: e.DATABASE_UPKEEP_MINUTES === 0 ? null : e.DATABASE_UPKEEP_MINUTES,
    rateLimits: {
      orderLookupsPerMinute: e.RATE_LIMIT_ORDER_LOOKUPS_PER_MINUTE,
      placeOrdersPerMinute: e.RATE_LIMIT_PLACE_ORDERS_PER_MINUTE,
      loginsPerMinute: e.RATE_LIMIT_LOGINS_PER_MINUTE,
      formsPerMinute: e.RATE_LIMIT_FORMS_PER_MINUTE,
      apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
      rendersPerMinute: e.RATE_LIMIT_RENDERS_PER_MINUTE,
    },
  };
}

function tracingOf(e: z.infer<typeof tracingSchema>): TracingConfig | Error {
  const serviceName = e.OTEL_SERVICE_NAME;
  if (e.OTEL_TRACES_EXPORTER === 'console') return { exporter: 'console', serviceName };
  if (e.OTEL_TRACES_EXPORTER === 'none') return { exporter: 'off', serviceName };
  if (e.OTEL_EXPORTER_OTLP_ENDPOINT) {
    return {
      exporter: 'otlp',
      serviceName,
      endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''),
      protocol: e.OTEL_EXPORTER_OTLP_PROTOCOL,
    };
  }
  if (e.OTEL_TRACES_EXPORTER === 'otlp') {
    return new Error(
      'Invalid environment configuration:\n  OTEL_TRACES_EXPORTER: otlp needs OTEL_EXPORTER_OTLP_ENDPOINT, such as http://localhost:4318',
    );
  }
  return { exporter: 'off', serviceName };
}

/**
 * The tracing settings alone, for src/tracing.ts, which runs before the server and must not stop on a variable
 * the server itself reports. Throws an Error naming a bad tracing variable, as loadConfig does.
 */
export function loadTracingConfig(env: NodeJS.ProcessEnv = process.env): TracingConfig {
  const parsed = tracingSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const tracing = tracingOf(parsed.data);
  if (tracing instanceof Error) throw tracing;
  return tracing;
}

/** Human lines for the start-up log: which outside services run on their embedded default. */
export function describeDefaults(config: AppConfig): string[] {
  return [
    config.databaseUrl
      ? 'database: PostgreSQL (DATABASE_URL)'
      : `database: embedded PGlite in ${config.pgliteDir} (set DATABASE_URL for PostgreSQL)`,
    config.redisUrl
      ? 'cache: Redis (REDIS_URL)'
      : 'cache and rate limits: in process memory (set REDIS_URL for Redis)',
    config.smtpUrl
      ? 'email: SMTP (SMTP_URL)'
      : `email: written to ${config.outboxDir} as .eml files (set SMTP_URL to send)`,
    config.stripeSecretKey
      ? `card payments: Stripe (${config.stripeSecretKey.startsWith('sk_live_') ? 'live' : 'test'} keys, ${config.stripeApiBase})`
      : config.nodeEnv === 'production' && !config.allowTestPayments
        ? 'card payments: off (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET for Stripe)'
        : 'card payments: offline test provider (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET for Stripe)',
    config.paypalClientId
      ? `wallet payments: PayPal (${config.paypalApiBase})`
      : config.nodeEnv === 'production' && !config.allowTestPayments
        ? 'wallet payments: off (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET for PayPal)'
        : 'wallet payments: offline test wallet (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET for PayPal)',
    ...(config.nodeEnv === 'production' && config.allowTestPayments
      ? ['test payments allowed in production (ALLOW_TEST_PAYMENTS=1): no real money is taken']
      : []),
    config.googleMapsApiKey
      ? 'address autocomplete: Google Places'
      : 'address autocomplete: local GeoNames postcodes (set GOOGLE_MAPS_API_KEY for Google Places)',
    config.s3
      ? `files: bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ` (${config.s3.region})`}, ` +
        `private files in ${config.s3.privateBucket ?? `${config.s3.bucket}/private/`}; media served at ${config.publicMediaUrl}`
      : `media: files in ${config.mediaDir}, served at ${config.publicMediaUrl}; private uploads in ` +
        `${config.privateUploadsDir} (set S3_BUCKET for a bucket)`,
    config.metricsToken
      ? 'metrics: /metrics with the Bearer token of METRICS_TOKEN'
      : 'metrics: /metrics to clients on this machine only (set METRICS_TOKEN to scrape from elsewhere)',
    config.tracing.exporter === 'otlp'
      ? `traces: OTLP to ${config.tracing.endpoint} as ${config.tracing.serviceName}`
      : config.tracing.exporter === 'console'
        ? `traces: printed to the console as ${config.tracing.serviceName} (OTEL_TRACES_EXPORTER=console)`
        : 'traces: off (set OTEL_EXPORTER_OTLP_ENDPOINT to export them)',
    config.publicBaseUrl === `http://localhost:${config.port}`
      ? `public address: ${config.publicBaseUrl} (set PUBLIC_BASE_URL to the shop's address for mails, sitemaps and robots.txt)`
      : `public address: ${config.publicBaseUrl} (PUBLIC_BASE_URL)`,
  ];
}

/**
 * The catalog import's image download overrides (decision 0018), read when a downloader is made so a test or a
 * command can set them for one import: `IMPORT_IMAGE_TIMEOUT_MS` (a positive number of milliseconds per image,
 * anything else means "no override") and `IMPORT_IMAGE_ALLOW_PRIVATE_HOSTS=1` (lets private and loopback hosts
 * through, for local fixtures).
 */
export function imageDownloadEnv(env: NodeJS.ProcessEnv = process.env): {
  timeoutMs: number | undefined;
  allowPrivateHosts: boolean;
} {
  const timeoutMs = Number(env.IMPORT_IMAGE_TIMEOUT_MS);
  return {
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : undefined,
    allowPrivateHosts: env.IMPORT_IMAGE_ALLOW_PRIVATE_HOSTS === '1',
  };
}
