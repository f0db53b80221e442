import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPoolSize } from './db/client';
import { REPO_ROOT, describeDefaults, loadConfig, loadTracingConfig } from './env';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.pgliteDir).toBe(path.join(REPO_ROOT, 'data', 'pglite'));
    expect(c.mediaDir).toBe(path.join(REPO_ROOT, 'data', 'uploads'));
    expect(c.publicMediaUrl).toBe('/media/');
    expect(c.demoCatalog).toBe(true);
    expect(describeDefaults(c).join('\n')).toMatch(/embedded PGlite/);
  });

  it('honours PORT, DATA_DIR, DATABASE_URL and DEMO_CATALOG', () => {
    const c = loadConfig({
      PORT: '4123',
      DATA_DIR: '/tmp/store-x',
      DATABASE_URL: 'postgres://u@db:5432/shop',
      DEMO_CATALOG: '0',
      PUBLIC_MEDIA_URL: 'https://cdn.example.com/m',
    });
    expect(c.port).toBe(4123);
    expect(c.pgliteDir).toBe('/tmp/store-x/pglite');
    expect(c.databaseUrl).toBe('postgres://u@db:5432/shop');
    expect(c.demoCatalog).toBe(false);
    expect(c.publicMediaUrl).toBe('https://cdn.example.com/m/');
    expect(describeDefaults(c).join('\n')).toMatch(/PostgreSQL \(DATABASE_URL\)/);
  });

  it('sizes the PostgreSQL pool by DATABASE_POOL_SIZE, else leaves it to defaultPoolSize (decision 0072)', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
    // Twice the cores, 4 at least, 10 at most.
    expect([1, 2, 3, 5, 16].map((cores) => defaultPoolSize(cores))).toEqual([4, 4, 6, 10, 10]);
  });

  it('runs repeated statements prepared unless DATABASE_PREPARED_STATEMENTS=0 (decision 0093)', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('works jobs and takes part in the schedules by default; RUN_JOBS, RUN_SCHEDULES, PAYMENTS_RECONCILE_MINUTES', () => {
    const d = loadConfig({});
    expect([d.runJobs, d.runSchedules, d.paymentsReconcileMinutes]).toEqual([true, true, 15]);
    const c = loadConfig({ RUN_JOBS: '0', RUN_SCHEDULES: 'false', PAYMENTS_RECONCILE_MINUTES: '0' });
    expect([c.runJobs, c.runSchedules, c.paymentsReconcileMinutes]).toEqual([false, false, null]);
    expect(loadConfig({ PAYMENTS_RECONCILE_MINUTES: '20' }).paymentsReconcileMinutes).toBe(20);
    expect(() => loadConfig({ RUN_JOBS: 'yes' })).toThrow(/RUN_JOBS/);
    expect(() => loadConfig({ PAYMENTS_RECONCILE_MINUTES: '7' })).toThrow(
      /PAYMENTS_RECONCILE_MINUTES: must divide an hour/,
    );
  });

  it('runs the embedded database upkeep every 10 minutes by default; DATABASE_UPKEEP_MINUTES', () => {
    expect(loadConfig({}).databaseUpkeepMinutes).toBe(10);
    expect(loadConfig({ DATABASE_UPKEEP_MINUTES: '0' }).databaseUpkeepMinutes).toBeNull();
    expect(loadConfig({ DATABASE_UPKEEP_MINUTES: '60' }).databaseUpkeepMinutes).toBe(60);
    expect(() => loadConfig({ DATABASE_UPKEEP_MINUTES: '45' })).toThrow(
      /DATABASE_UPKEEP_MINUTES: must divide an hour/,
    );
  });

  it('points PayPal at the sandbox by default, live with PAYPAL_ENV, or PAYPAL_API_BASE (a fake) when set', () => {
    expect(loadConfig({}).paypalApiBase).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ PAYPAL_ENV: 'live' }).paypalApiBase).toBe('https://api-m.paypal.com');
    expect(loadConfig({ PAYPAL_API_BASE: 'http://127.0.0.1:4010' }).paypalApiBase).toBe(
      'http://127.0.0.1:4010',
    );
    expect(() => loadConfig({ PAYPAL_ENV: 'prod' })).toThrow(/PAYPAL_ENV/);
    expect(() => loadConfig({ PAYPAL_API_BASE: 'api.paypal.com/v2' })).toThrow(
      /PAYPAL_API_BASE: must be a base URL/,
    );
  });

  it('prices delivery by the rate table unless AUSPOST_API_KEY is set; AUSPOST_API_URL points it at a fake (issue 41)', () => {
    expect(loadConfig({}).auspostApiKey).toBeUndefined();
    expect(loadConfig({}).auspostApiUrl).toBe('https://digitalapi.auspost.com.au');
    const c = loadConfig({ AUSPOST_API_KEY: 'k-123', AUSPOST_API_URL: 'http://127.0.0.1:4020/' });
    expect(c.auspostApiKey).toBe('k-123');
    expect(c.auspostApiUrl).toBe('http://127.0.0.1:4020');
    expect(() => loadConfig({ AUSPOST_API_URL: 'digitalapi.auspost.com.au' })).toThrow(
      /AUSPOST_API_URL: must be a base URL/,
    );
  });

  it('stops at start naming STORE_ABN when it is set: the ABN is the store setting (issue 34 §6)', () => {
    expect(() => loadConfig({ STORE_ABN: '51 824 753 556' })).toThrow(
      /STORE_ABN: is no longer read: set the ABN in the store settings/,
    );
    expect(() => loadConfig({ STORE_ABN: '' })).not.toThrow();
    expect(describeDefaults(loadConfig({})).join('\n')).not.toMatch(/ABN/);
  });

  it('keeps files in the two folders unless S3_BUCKET is set, then in that bucket with its settings (decision 0061)', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(describeDefaults(loadConfig({})).join('\n')).toMatch(
      /private uploads in .*\(set S3_BUCKET for a bucket\)/,
    );
    expect(loadConfig({ S3_BUCKET: 'shop-media' }).s3).toEqual({
      bucket: 'shop-media',
      privateBucket: null,
      endpoint: undefined,
      region: 'ap-southeast-2',
      credentials: undefined,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      S3_BUCKET: 'shop-media',
      S3_PRIVATE_BUCKET: 'shop-private',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(minio.s3).toEqual({
      bucket: 'shop-media',
      privateBucket: 'shop-private',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(describeDefaults(minio).join('\n')).toMatch(
      /files: bucket shop-media at http:\/\/127\.0\.0\.1:9000, private files in shop-private/,
    );
    expect(describeDefaults(minio).join('\n')).not.toMatch(/secret/);
  });

  it.each([
    [{ S3_BUCKET: 'Shop_Media' }, /S3_BUCKET: must be a bucket name/],
    [{ S3_BUCKET: 'shop-media', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: must be a base URL/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT: is set but S3_BUCKET is not/],
    [{ S3_PRIVATE_BUCKET: 'shop-private' }, /S3_PRIVATE_BUCKET: is set but S3_BUCKET is not/],
    [
      { S3_BUCKET: 'shop-media', S3_ACCESS_KEY_ID: 'key' },
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    ],
    [
      { S3_BUCKET: 'shop-media', S3_PRIVATE_BUCKET: 'shop-media' },
      /S3_PRIVATE_BUCKET: must differ from S3_BUCKET/,
    ],
    [{ S3_BUCKET: 'shop-media', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
  ])('stops at start on a bad bucket setting: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lets the heap grow 25 % past what is live by default, HEAP_GROWTH_PERCENT=0 leaving it to V8', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(25);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).databaseUrl).toBeUndefined();
  });

  it('fails loudly, naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\//,
    );
  });

  it('reads the metrics token and where traces go (issue 38 §3, decision 0063)', () => {
    const none = loadConfig({});
    expect(none.metricsToken).toBeUndefined();
    expect(none.tracing).toEqual({ exporter: 'off', serviceName: 'auto-parts-store' });
    expect(loadConfig({ METRICS_TOKEN: 'a-long-random-token-123' }).metricsToken).toBe(
      'a-long-random-token-123',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_SERVICE_NAME: 'shop-a' })
        .tracing,
    ).toEqual({
      exporter: 'otlp',
      endpoint: 'http://collector:4318',
      protocol: 'http/protobuf',
      serviceName: 'shop-a',
    });
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'console' }).tracing.exporter).toBe('console');
    expect(
      loadConfig({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })
        .tracing.exporter,
    ).toBe('off');
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' })).toThrow(/OTEL_TRACES_EXPORTER: otlp needs/);
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(/OTEL_TRACES_EXPORTER/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be the collector's address/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL/);
    // The tracing entry reads its own variables alone: another variable's mistake is the server's to report.
    expect(loadTracingConfig({ PORT: 'eighty', OTEL_TRACES_EXPORTER: 'console' }).exporter).toBe('console');
    expect(() => loadTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
