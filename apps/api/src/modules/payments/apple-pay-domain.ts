/**
 * Apple Pay's domain association (issue 40 §4): Apple checks that the store's domain belongs to the merchant by
 * fetching `/.well-known/apple-developer-merchantid-domain-association`, the file Stripe gives for registering a
 * payment method domain (docs/deploy.md, "Apple Pay and Google Pay"). With APPLE_PAY_DOMAIN_ASSOCIATION_FILE the
 * store serves that file's bytes as they are; without it the address answers 404 (the SPA's not-found page).
 * The file is read once at start: a path that cannot be read refuses to start, naming the variable, rather than
 * leaving Apple Pay to fail later on a shopper's phone.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import httpCaching from '../../plugins/http-caching';

/** Where Apple looks for the file (Apple Pay on the Web, merchant domain verification). */
export const APPLE_PAY_DOMAIN_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/** Seconds a cache may keep the file: it changes only when the merchant registers again. */
const ASSOCIATION_CACHE_S = 3600;

const applePayDomainRoutes: FastifyPluginAsync = async (app) => {
  const file = app.config.applePayDomainAssociationFile;
  if (!file) return;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new Error(
      `Refusing to start: APPLE_PAY_DOMAIN_ASSOCIATION_FILE (${file}) cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}). Download the file from Stripe's Payment method domains page, or unset the variable.`,
      { cause: err },
    );
  }
  await app.register(httpCaching);
  app.get(
    APPLE_PAY_DOMAIN_ASSOCIATION_PATH,
    { config: { cache: ASSOCIATION_CACHE_S }, schema: { hide: true } },
    async (_req, reply) => reply.type('text/plain; charset=utf-8').send(bytes),
  );
};

export default applePayDomainRoutes;
