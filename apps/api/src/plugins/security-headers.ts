/**
 * Security headers (DESIGN §5.7) through @fastify/helmet: CSP limited to our own origin, HSTS, nosniff,
 * frame-ancestors 'none', strict-origin-when-cross-origin referrers. Payment hosts are added by the
 * payment issue where its pages need them.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export default fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // A laptop install is plain http on a LAN address; upgrading would break it. Production sits behind TLS.
        upgradeInsecureRequests: app.config.nodeEnv === 'production' ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
});
