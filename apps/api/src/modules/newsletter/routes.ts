/**
 * The newsletter (SPEC §7 `POST /subscribe`; issue 11, Spam Act 2003 basics): consent is recorded with when and
 * where it was given (the page the form was on, the client's address), a confirmation mail carries a one-click
 * unsubscribe link (and the List-Unsubscribe headers of RFC 8058), and `POST /unsubscribe` honours it at once.
 * Subscribing twice answers the same success and mails once, so the form never reveals who is on the list and
 * cannot be used to flood an inbox. The confirmation carries the subscriber's single-use code for 10% off their
 * first order (issue 34 §5).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messageAnswerSchema } from '@store/shared/error-answers';
import { newsletterSubscriptionSchema, unsubscribeRequestSchema } from '@store/shared/newsletter';
import { NEWSLETTER_MESSAGES } from '@store/shared/newsletter-constants';
import { absoluteUrl, oneClickUnsubscribePath, PAGES, unsubscribePath } from '@store/shared/paths';
import { newsletterSubscriptions } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { newsletterWelcomeCode } from '../discount-codes/newsletter-welcome-code';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { NewsletterWelcomeMail } from '../mail/templates/newsletter-welcome-mail';

/** Subscriptions per client IP per minute: plenty for a person, little for a script filling the list. */
const SUBSCRIBE_PER_MINUTE = 10;
const UNSUBSCRIBE_PER_MINUTE = 30;

/** The page a form was sent from, as recorded with the consent: the Referer's path on this store, if any. */
function consentSource(referer: string | undefined, baseUrl: string): string {
  if (!referer) return 'newsletter form (page not sent by the browser)';
  try {
    const url = new URL(referer);
    const path = url.pathname.slice(0, 200);
    return new URL(baseUrl).host === url.host
      ? `newsletter form on ${path}`
      : `newsletter form on ${url.host}${path}`;
  } catch {
    return 'newsletter form (unreadable Referer)';
  }
}

/** 'Wed, 25 Nov 2026, 2:14 pm AEDT'-style time for the mail, in Sydney's time zone. */
function sydneyTime(date: Date): string {
  return new Intl.DateTimeFormat('en-AU', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Australia/Sydney',
  }).format(date);
}

const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['newsletter'];

  app.post(
    '/subscribe',
    {
      config: { rateLimit: perMinute(SUBSCRIBE_PER_MINUTE) },
      schema: {
        tags,
        summary:
          'Subscribe an email to the newsletter (consent recorded; a confirmation mail with unsubscribe)',
        body: newsletterSubscriptionSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (req) => {
      const email = req.body.email.toLowerCase();
      const source = consentSource(req.headers.referer, app.config.publicBaseUrl);
      const token = randomBytes(32).toString('base64url');
      // New, or coming back after unsubscribing: (re)record consent and mail. Already subscribed: nothing.
      const [fresh] = await app.db
        .insert(newsletterSubscriptions)
        .values({ email, consentSource: source, consentIp: req.ip, unsubscribeToken: token })
        .onConflictDoUpdate({
          target: newsletterSubscriptions.email,
          set: {
            consentAt: sql`now()`,
            consentSource: source,
            consentIp: req.ip,
            unsubscribedAt: null,
            unsubscribeToken: sql`coalesce(${newsletterSubscriptions.unsubscribeToken}, ${token})`,
          },
          setWhere: isNotNull(newsletterSubscriptions.unsubscribedAt),
        })
        .returning();
      if (fresh?.unsubscribeToken) {
        const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
        const base = app.config.publicBaseUrl;
        const unsubscribeUrl = absoluteUrl(base, unsubscribePath(fresh.unsubscribeToken));
        const oneClickUrl = absoluteUrl(base, oneClickUnsubscribePath(fresh.unsubscribeToken));
        // After the answer (its time must not tell a new address from a known one): the subscriber's welcome
        // code (issue 34 §5; their unused one when they come back), then the mail that carries it.
        app.mail.deliver('newsletter confirmation', async () => {
          const discountCode = await newsletterWelcomeCode(app.db, email);
          const parts = await renderMail(
            NewsletterWelcomeMail({
              store,
              where: source.replace(/^newsletter form on /, ''),
              when: sydneyTime(fresh.consentAt),
              unsubscribeUrl,
              shopUrl: absoluteUrl(base, PAGES.shop.path),
              discountCode,
            }),
          );
          return {
            to: email,
            subject: `You're subscribed to ${store.name}`,
            headers: {
              'List-Unsubscribe': `<${oneClickUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
            ...parts,
          };
        });
      }
      return { message: NEWSLETTER_MESSAGES.success };
    },
  );

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form to the URL in the header.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // Issue 37 §4: the List-Unsubscribe header's address opened in a browser (a mail program's "unsubscribe" link, or
  // a person copying it) is the store's unsubscribe page, which unsubscribes with one button. A GET never
  // unsubscribes by itself (RFC 8058 §1: link checkers and prefetchers open addresses too); POST stays one-click.
  app.get(
    '/unsubscribe',
    {
      config: { rateLimit: perMinute(UNSUBSCRIBE_PER_MINUTE) },
      schema: {
        tags,
        summary:
          "The unsubscribe address opened in a browser: 303 to the store's unsubscribe page (one button)",
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 303: z.null().describe('To /unsubscribe?token=, the page that asks once') },
      },
    },
    async (req, reply) => reply.redirect(unsubscribePath(req.query.token?.trim() ?? ''), 303),
  );

  app.post(
    '/unsubscribe',
    {
      config: { rateLimit: perMinute(UNSUBSCRIBE_PER_MINUTE) },
      schema: {
        tags,
        summary:
          'Unsubscribe with the token of the link in every newsletter mail (page, or RFC 8058 one-click)',
        querystring: unsubscribeRequestSchema.partial(),
        body: z.looseObject({ token: z.string().optional() }).optional(),
        response: {
          200: messageAnswerSchema,
          400: messageAnswerSchema,
          404: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const parsed = unsubscribeRequestSchema.safeParse({ token: req.body?.token ?? req.query.token });
      if (!parsed.success) throw new HttpError(400, NEWSLETTER_MESSAGES.unsubscribeInvalid);
      const [row] = await app.db
        .update(newsletterSubscriptions)
        .set({ unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, now())` })
        .where(eq(newsletterSubscriptions.unsubscribeToken, parsed.data.token))
        .returning({ id: newsletterSubscriptions.id });
      if (!row) throw new HttpError(404, NEWSLETTER_MESSAGES.unsubscribeInvalid);
      return { message: NEWSLETTER_MESSAGES.unsubscribed };
    },
  );
};

export default newsletterRoutes;
