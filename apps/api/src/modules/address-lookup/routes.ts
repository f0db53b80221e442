/**
 * Checkout address autocomplete under /api (SPEC §2 Checkout; DESIGN §3): GET /address-suggestions?query=
 * and GET /address-details?place_id=. Thin: schema, limits, one service call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema, validationErrorAnswerSchema } from '@store/shared/error-answers';
import {
  addressDetailsResponseSchema,
  addressSuggestionQuerySchema,
  addressSuggestionsResponseSchema,
} from '@store/shared/address-lookup';
import { perMinute } from '../../plugins/rate-limit';
import { getAddressDetails, suggestAddresses, type AddressLookupDeps } from './address-lookup-service';
import { lazyAuPostcodeIndex } from './search-au-postcodes';

/** GeoNames answers change only with a new data file: browsers and CDNs may keep them a day. */
const GEONAMES_CACHE_S = 24 * 60 * 60;
/** A shopper types a few letters at a time (debounced); 120 a minute leaves room for several at one IP. */
const SUGGESTIONS_PER_MINUTE = 120;
/** One details call per address picked; each is a billed Google request. */
const DETAILS_PER_MINUTE = 30;

const placeIdQuerySchema = z.object({
  place_id: z
    .string({ error: 'place_id is required' })
    .trim()
    .min(1, 'place_id is required')
    .max(512, 'place_id is too long')
    // Google place ids are URL-safe base64; anything else cannot be one and must not reach the URL path.
    .regex(/^[A-Za-z0-9_-]+$/, 'place_id is not a Google place id'),
});

const addressLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['address'];
  const googleMapsApiKey = app.config.googleMapsApiKey;
  const postcodes = lazyAuPostcodeIndex(app.log);
  const deps = (log: AddressLookupDeps['log']): AddressLookupDeps => ({ googleMapsApiKey, postcodes, log });

  app.get(
    '/address-suggestions',
    {
      config: {
        rateLimit: perMinute(SUGGESTIONS_PER_MINUTE),
        // Google's answers are not ours to let shared caches keep; the GeoNames ones are static.
        ...(googleMapsApiKey ? {} : { cache: GEONAMES_CACHE_S }),
      },
      schema: {
        tags,
        summary:
          'Australian address suggestions for what a shopper typed (suburb, post code, or street with Google)',
        querystring: addressSuggestionQuerySchema,
        response: { 200: addressSuggestionsResponseSchema, 400: validationErrorAnswerSchema },
      },
    },
    async (req) => ({ data: await suggestAddresses(deps(req.log), req.query.query) }),
  );

  app.get(
    '/address-details',
    {
      config: { rateLimit: perMinute(DETAILS_PER_MINUTE) },
      schema: {
        tags,
        summary: 'Street, suburb, state and post code of a Google Places suggestion (404 without Google)',
        querystring: placeIdQuerySchema,
        response: {
          200: addressDetailsResponseSchema,
          400: validationErrorAnswerSchema,
          404: messageAnswerSchema,
          502: messageAnswerSchema,
        },
      },
    },
    async (req) => ({ data: await getAddressDetails(deps(req.log), req.query.place_id) }),
  );
};

export default addressLookupRoutes;
