/**
 * buildApp(config): the whole store as one Fastify instance (DESIGN §1). The server only listens;
 * tests build the same app and call `app.inject`.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client';
import type { AppConfig } from './env';
import { loggerOptions } from './logger-options';
import authentication from './modules/accounts/authentication';
import accountRoutes from './modules/accounts/routes';
import addressLookupRoutes from './modules/address-lookup/routes';
import garageRoutes from './modules/garage/routes';
import memberCartRoutes from './modules/member-cart/routes';
import tradeRoutes from './modules/trade/trade-routes';
import vehicleRoutes from './modules/vehicles/routes';
import { createCatalogReadModel, type CatalogReadModel } from './modules/catalog/catalog-read-model';
import {
  createStorefrontSettingsReader,
  type StorefrontSettingsReader,
} from './modules/content/storefront-settings';
import catalogRoutes from './modules/catalog/routes';
import contentRoutes from './modules/content/routes';
import type { MailService } from './modules/mail/mail-service';
import type { OrderMails } from './modules/orders/order-mails';
import type { Mailer } from './modules/mail/send-mail';
import type { JobQueue, JobTimings } from './modules/jobs/job-queue';
import { createStoreJobs } from './store-jobs';
import newsletterRoutes from './modules/newsletter/routes';
import orderRoutes from './modules/orders/routes';
import taxInvoiceRoutes from './modules/orders/tax-invoice-routes';
import applePayDomainRoutes from './modules/payments/apple-pay-domain';
import { choosePaymentProviders, type PaymentProviders } from './modules/payments/choose-payment-providers';
import passwordResetRoutes from './modules/password-reset/routes';
import paymentRoutes from './modules/payments/routes';
import webhookRoutes from './modules/payments/webhook-routes';
import customerServiceRoutes from './modules/customer-service/routes';
import adminRoutes from './modules/admin/routes';
import adminOrderRoutes from './modules/admin/order-routes';
import adminFulfilmentRoutes from './modules/admin/fulfilment-routes';
import adminOrderCareRoutes from './modules/admin/order-care-routes';
import adminReportRoutes from './modules/admin/report-routes';
import adminReturnRoutes from './modules/admin/return-routes';
import adminCustomerRoutes from './modules/admin/customer-routes';
import adminProductRoutes from './modules/admin/product-routes';
import productEditorRoutes from './modules/admin/product-editor-routes';
import adminImportRoutes from './modules/admin/import-routes';
import adminDashboardRoutes from './modules/admin/dashboard-routes';
import adminDiscountCodeRoutes from './modules/admin/discount-code-routes';
import storeSettingsRoutes from './modules/admin/store-settings-routes';
import locationRoutes from './modules/locations/location-routes';
import collectionRoutes from './modules/locations/collection-routes';
import adminTaxonomyRoutes from './modules/admin/taxonomy-routes';
import adminJobRoutes from './modules/admin/job-routes';
import adminTradeAccountRoutes from './modules/admin/trade-account-routes';
import discountCodeRoutes from './modules/discount-codes/routes';
import deliveryRoutes from './modules/delivery/delivery-routes';
import homeContentRoutes from './modules/home-content/routes';
import healthRoutes from './modules/health/routes';
import sitemapRoutes from './modules/sitemaps/routes';
import { isInternalRenderRequest } from './modules/storefront-rendering/render-page';
import staticFiles from './modules/storefront-rendering/static-files';
import apiDocs from './plugins/api-docs';
import drainOnClose from './plugins/drain-on-close';
import errorHandling from './plugins/error-handling';
import httpCaching, { COMPRESS_MIN_BYTES } from './plugins/http-caching';
import metrics from './plugins/metrics';
import rateLimit from './plugins/rate-limit';
import rejectControlCharacters from './plugins/reject-control-characters';
import { RequestLogController } from './request-log-controller';
import requestId, { requestChildLogger, requestIdOf } from './plugins/request-id';
import securityHeaders from './plugins/security-headers';
import type { FileStores } from './storage/file-store';
import { openFileStores } from './storage/open-file-stores';

declare module 'fastify' {
  interface FastifyInstance {
    db: DatabaseHandle['db'];
    config: AppConfig;
    /** The card and wallet providers (DESIGN §3): offline test providers until the real adapters land. */
    payments: PaymentProviders;
    /** The store's mail (DESIGN §3): SMTP when SMTP_URL is set, else `.eml` files in the outbox folder. */
    mailer: Mailer;
    mail: MailService;
    orderMails: OrderMails;
    /**
     * The store's durable jobs (issue 38 §2, decision 0062): mails, schedules, catalog imports; worked where
     * RUN_JOBS=1.
     */
    jobs: JobQueue;
    /** The catalog read model (decision 0019): catalog reads come from here, never from the database. */
    catalog: CatalogReadModel;
    /** The store's settings and member plans as pages show them, at most `config.settingsMaxAgeMs` old. */
    storefrontSettings: StorefrontSettingsReader;
    /**
     * Every file the store keeps (issue 38 §1, decision 0061): `media` public, `private` customers' files; local
     * folders by default, an S3-compatible bucket when S3_BUCKET is set.
     */
    files: FileStores;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them); the level is `config.logLevel`. */
  logStream?: DestinationStream;
  /** Called for every route as it is added, before the app is ready (tests list the routes the app answers). */
  onRoute?: (route: RouteOptions) => void;
  /** Job polling and retry timings (tests shorten them). */
  jobTimings?: JobTimings;
}

export async function buildApp({
  config,
  database,
  logStream,
  onRoute,
  jobTimings,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // Only the proxies we run are trusted for X-Forwarded-For; a client's own header must not pick its IP.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Long catalog descriptions and import uploads stay well under this.
    bodyLimit: 1024 * 1024,
    // Path parameters up to 256 characters reach their schema (a permalink may be 200), which says what is wrong.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // The load balancer's X-Request-Id when valid, else a new UUID (decision 0063).
    genReqId: requestIdOf,
    childLoggerFactory: requestChildLogger,
    // Which requests get a line: LOG_REQUESTS (decision 0092).
    logController: new RequestLogController(config.logRequests),
    // While app.close() drains (decision 0064), a request on a connection already open is served, not refused
    // with 503; plugins/drain-on-close.ts closes the connection after it and turns readiness to 503.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  const files = await openFileStores(config);
  app.decorate('files', files);
  // Throws in production unless test payments are explicitly allowed: fail at start, not at checkout.
  app.decorate('payments', choosePaymentProviders(config, app.log));
  // Before the jobs: a catalog import worked here refreshes it before its row says finished.
  const catalog = createCatalogReadModel({
    db: database.db,
    log: app.log,
    pollMs: config.catalogPollMs,
    jsonCacheBytes: config.catalogJsonCacheBytes,
    listenUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
  });
  app.decorate('catalog', catalog);
  app.decorate('storefrontSettings', createStorefrontSettingsReader(database.db, config.settingsMaxAgeMs));
  // Every mail, schedule's run and catalog import is a durable job (issue 38 §2): worked here unless RUN_JOBS=0.
  const storeJobs = createStoreJobs({
    config,
    database,
    log: app.log,
    payments: app.payments,
    files,
    onCatalogChanged: () => catalog.refresh(),
    ...(jobTimings ? { timings: jobTimings } : {}),
  });
  app.decorate('mailer', storeJobs.mailer);
  app.decorate('mail', storeJobs.mail);
  app.decorate('orderMails', storeJobs.orderMails);
  app.decorate('jobs', storeJobs.jobs);
  app.addHook('onReady', () => storeJobs.jobs.start());
  // Mails still rendering reach the queue; then no job is taken, and those under way finish (10 s at most).
  app.addHook('onClose', async () => {
    await storeJobs.mail.close();
    await storeJobs.jobs.stop();
  });
  // After the jobs have stopped: an import finishing meanwhile still refreshes the catalog.
  app.addHook('onClose', () => catalog.close());
  // After the routes' own onClose hooks (a child's run first), which wait for their work with files.
  app.addHook('onClose', () => files.close());

  // First: every later hook, handler and plain function logs with the request's id.
  await app.register(requestId);
  await app.register(errorHandling);
  await app.register(drainOnClose);
  // Every route, including the ones added later: no invisible character reaches a service or the database.
  await app.register(rejectControlCharacters);
  // Before any route: @fastify/rate-limit attaches itself to routes as they are added.
  await app.register(rateLimit, {
    redisUrl: config.redisUrl,
    apiPerMinute: config.rateLimits.apiPerMinute,
    isInternalRequest: isInternalRenderRequest,
  });
  await app.register(securityHeaders);
  // Before the routes: its onResponse hook times them all.
  await app.register(metrics, {
    token: config.metricsToken,
    database,
    isInternalRequest: isInternalRenderRequest,
  });
  // Queue depth and the oldest waiting job's age at each scrape (issue 38 §2-3).
  app.metrics.watchQueues(() => storeJobs.jobs.stats());
  await app.register(authentication);
  // Small JSON is sent as it is (decision 0019): compressing a 2 kB answer costs more CPU than it saves time.
  await app.register(import('@fastify/compress'), { threshold: COMPRESS_MIN_BYTES });
  await app.register(apiDocs);
  await app.register(
    async (api) => {
      await api.register(httpCaching);
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(contentRoutes);
      await api.register(newsletterRoutes);
      await api.register(orderRoutes);
      await api.register(taxInvoiceRoutes);
      await api.register(accountRoutes);
      await api.register(garageRoutes);
      await api.register(memberCartRoutes);
      await api.register(passwordResetRoutes);
      await api.register(paymentRoutes);
      await api.register(webhookRoutes);
      await api.register(customerServiceRoutes);
      await api.register(adminRoutes);
      await api.register(adminOrderRoutes);
      await api.register(adminFulfilmentRoutes);
      await api.register(adminOrderCareRoutes);
      await api.register(adminReportRoutes);
      await api.register(adminReturnRoutes);
      await api.register(adminCustomerRoutes);
      await api.register(adminProductRoutes);
      await api.register(productEditorRoutes);
      await api.register(adminImportRoutes);
      await api.register(adminDashboardRoutes);
      await api.register(adminDiscountCodeRoutes);
      await api.register(storeSettingsRoutes);
      await api.register(locationRoutes);
      await api.register(collectionRoutes);
      await api.register(adminTaxonomyRoutes);
      await api.register(adminJobRoutes);
      await api.register(adminTradeAccountRoutes);
      await api.register(discountCodeRoutes);
      await api.register(deliveryRoutes);
      await api.register(homeContentRoutes);
      await api.register(addressLookupRoutes);
      await api.register(vehicleRoutes);
      await api.register(tradeRoutes);
    },
    { prefix: '/api' },
  );
  // /robots.txt, /sitemap.xml, /{folder}.xml and /api/sitemap-*: before the SPA fallback answers those paths.
  await app.register(sitemapRoutes);
  // Apple Pay's domain association file (issue 40 §4), when configured: before the SPA fallback.
  await app.register(applePayDomainRoutes);
  await app.register(staticFiles);
  return app;
}
