/**
 * Security headers (DESIGN §5.7) from helmet, worked out once at start: CSP limited to our own origin, HSTS, nosniff,
 * frame-ancestors 'none', strict-origin-when-cross-origin referrers. When Stripe or PayPal serve (issue 10),
 * their hosts are added, and only theirs: Stripe.js and its card and 3-D Secure frames (Stripe's CSP guide),
 * PayPal's script, button frames and checkout window (PayPal's JS SDK best practices). PayPal's guide also
 * suggests 'unsafe-inline' scripts; the button renders inside PayPal's own frames, so it is not added.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. @fastify/helmet builds a new helmet middleware for every
 * request (it parsed the CSP directives again each time: 5 % of a product read's CPU, issue 13's profile); ours
 * never change while the process runs, so helmet runs once at start and each answer gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return [...headers];
}

/** The hosts each provider's browser side needs, by CSP directive. */
export const PAYMENT_CSP_HOSTS = {
  stripe: {
    scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ['https://api.stripe.com'],
    imgSrc: ['https://*.stripe.com'],
  },
  paypal: {
    scriptSrc: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    frameSrc: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    connectSrc: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    imgSrc: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
  },
} as const;

type Directive = keyof (typeof PAYMENT_CSP_HOSTS)['stripe'];

export default fp(async (app) => {
  const providers = [
    ...(app.payments.card?.name === 'stripe' ? [PAYMENT_CSP_HOSTS.stripe] : []),
    ...(app.payments.wallet?.name === 'paypal' ? [PAYMENT_CSP_HOSTS.paypal] : []),
  ];
  const hosts = (directive: Directive) => providers.flatMap((p) => p[directive]);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hosts('scriptSrc')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...hosts('imgSrc')],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...hosts('connectSrc')],
        frameSrc: ["'self'", ...hosts('frameSrc')],
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
    // PayPal's checkout window reports the approval back to the page that opened it.
    crossOriginOpenerPolicy: {
      policy: app.payments.wallet?.name === 'paypal' ? 'same-origin-allow-popups' : 'same-origin',
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
});
