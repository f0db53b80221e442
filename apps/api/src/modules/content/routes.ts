/**
 * Store content calls of SPEC §7 under /api: /brands (with general settings), /brand-sliders,
 * /social-links, and /store-config (store name and meta texts for the web app's shell).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandSchema } from '@store/shared/product';
import { socialLinksSchema, storeConfigSchema } from '@store/shared/store-settings';
import { paymentsOffered } from '../payments/payments-offered';
import { listBrandSlider, listBrands, presentSocialLinks, presentStoreConfig } from './content-service';

const CONTENT_CACHE_S = 60;
/**
 * The settings the owner edits in the back office (issue 36 §5) are asked again on every page load, answered
 * 304 while unchanged (the ETag): a changed delivery rule or returns window is not kept a minute in browsers and
 * CDNs after the owner saved it.
 */
const SETTINGS_CACHE_CONTROL = 'public, no-cache';

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['content'];
  const config = { cache: CONTENT_CACHE_S };

  app.get(
    '/brands',
    {
      config,
      schema: {
        tags,
        summary: 'All brands, with the general settings (GST percent, delivery charge in dollars)',
        response: {
          200: z.object({
            data: z.object({
              data: z.array(brandSchema),
              general_settings: z.object({
                _gst_percentage: z.number(),
                _delivery_charges: z.number(),
                _free_delivery_threshold: z.number(),
              }),
            }),
          }),
        },
      },
    },
    async () => {
      const [list, { settings }] = await Promise.all([listBrands(app.db), app.storefrontSettings.read()]);
      return {
        data: {
          data: list,
          general_settings: {
            _gst_percentage: settings.gstPercent,
            _delivery_charges: settings.deliveryChargeCents / 100,
            _free_delivery_threshold: settings.freeDeliveryThresholdCents / 100,
          },
        },
      };
    },
  );

  app.get(
    '/brand-sliders',
    {
      config,
      schema: {
        tags,
        summary: 'Brands of the home brands strip, in order',
        response: { 200: z.object({ data: z.array(brandSchema) }) },
      },
    },
    async () => ({ data: await listBrandSlider(app.db) }),
  );

  app.get(
    '/social-links',
    {
      schema: {
        tags,
        summary: 'Social links the store has (absent keys have no icon)',
        response: { 200: z.object({ data: socialLinksSchema }) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', SETTINGS_CACHE_CONTROL);
      return { data: presentSocialLinks((await app.storefrontSettings.read()).settings.socialLinks) };
    },
  );

  app.get(
    '/store-config',
    {
      schema: {
        tags,
        summary:
          'Store name, meta texts, media base URL and the home content shown now (cacheable until its next start or end time)',
        response: { 200: z.object({ data: storeConfigSchema }) },
      },
    },
    async (_req, reply) => {
      // Revalidated on every load (ETag): no browser or CDN keeps it past a save, nor past a home slide's window
      // edge (decision 0051 as amended by 0052).
      reply.header('cache-control', SETTINGS_CACHE_CONTROL);
      const { settings, plans, home } = await app.storefrontSettings.read();
      return {
        data: presentStoreConfig(settings, home, app.config.publicMediaUrl, {
          // The page shows the test-mode label only for test providers (issue 10).
          ...paymentsOffered(app.payments, app.config.stripePublishableKey),
          address_lookup: app.config.googleMapsApiKey ? 'google' : 'geonames',
          member_discount_percent: plans.signup[0]?.discount_percentage ?? 0,
        }),
      };
    },
  );
};

export default contentRoutes;
