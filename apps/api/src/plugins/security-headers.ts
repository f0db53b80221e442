/**
 * Security headers (DESIGN §5.7) from helmet, worked out once at start: CSP limited to our own origin, HSTS, nosniff,
 * frame-ancestors 'none', strict-origin-when-cross-origin referrers. When Stripe or PayPal serve (issue 10),
 * their hosts are added, and only theirs: Stripe.js and its card and 3-D Secure frames (Stripe's CSP guide),
 * PayPal's script, button frames and checkout window (PayPal's JS SDK best practices). PayPal's guide also
 * suggests 'unsafe-inline' scripts; the button renders inside PayPal's own frames, so it is not added.
 *
 * A JSON answer is never a document a browser renders, so it carries the API set of OWASP's REST Security Cheat
 * Sheet instead of the page's twelve headers (decision 0039): a CSP of `default-src 'none'; frame-ancestors
 * 'none'`, HSTS, nosniff, X-Frame-Options, Referrer-Policy and Cross-Origin-Resource-Policy. Every other answer
 * (pages, the API docs, files) gets the whole set. A header a route set itself (a download's `sandbox`) is kept.
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

/** The CSP of a JSON answer: it loads nothing and may be framed by no one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** The page headers a JSON answer keeps as they are (the rest only mean something to a rendered document). */
const API_KEPT = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
];

/**
 * The headers of a JSON answer (decision 0039), from the page's `headers` (helmetHeaders' output): API_CSP and the
 * page's own values of API_KEPT. Issue 15 §7: the twelve page headers, the CSP's 300-odd characters checked by
 * Node on every answer, were 5 % of a listing's cost.
 */
export function apiHeaders(headers: readonly [string, string][]): [string, string][] {
  return [['content-security-policy', API_CSP], ...headers.filter(([name]) => API_KEPT.includes(name))];
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

/**
 * The origin pictures come from when PUBLIC_MEDIA_URL is absolute (a bucket or a CDN in front of it, decision
 * 0061): the pages' `img-src` must name it, or every product picture is blocked. A path (`/media/`) is 'self'.
 */
export function mediaOrigin(publicMediaUrl: string): string[] {
  if (!/^https?:\/\//i.test(publicMediaUrl)) return [];
  return [new URL(publicMediaUrl).origin];
}

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
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigin(app.config.publicMediaUrl), ...hosts('imgSrc')],
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
  const api = apiHeaders(headers);
  // At onSend, when the answer's type is known; routes' own headers were set before and win.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const set = typeof type === 'string' && type.startsWith('application/json') ? api : headers;
    for (const [name, value] of set) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
});
