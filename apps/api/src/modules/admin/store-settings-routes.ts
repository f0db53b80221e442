/**
 * The store's settings in the back office (issue 36 §5): `GET /api/admin/settings` (the settings, their version
 * and audit trail) and `PUT /api/admin/settings` (every field at once, checked with the shared schema; a stale
 * `version` gets 409; audited). Admins only (decision 0018): a `staff` member gets 403. A save is shown by this
 * process from the next request (its settings reader and mail store forget what they kept; rendered pages carry
 * the settings' stamp), and by other processes within their settings' time bound (storefront-settings.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_SETTINGS_MESSAGES,
  adminStoreSettingsAnswerSchema,
  adminStoreSettingsInputSchema,
  adminStoreSettingsSavedSchema,
} from '@store/shared/admin-store-settings';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { forgetMailStore } from '../mail/mail-store';
import {
  presentAdminSettings,
  readAdminSettings,
  saveAdminSettings,
  SETTINGS_AUDIT_ENTITY,
} from './admin-store-settings';
import { auditTrail } from './record-audit';
import { requireStaff, staffOf } from './require-staff';

const refusals = { 401: messageAnswerSchema, 403: messageAnswerSchema };

const storeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app, { roles: ['admin'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/admin/settings',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'The store settings the owner edits (identity, contact and hours, social links, delivery and returns), with their version and audit trail',
        response: { 200: adminStoreSettingsAnswerSchema, ...refusals },
      },
    },
    async () => ({
      data: presentAdminSettings(await readAdminSettings(app.db)),
      audit: await auditTrail(app.db, SETTINGS_AUDIT_ENTITY.type, SETTINGS_AUDIT_ENTITY.id, 50),
    }),
  );

  app.put(
    '/admin/settings',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Save every store setting at once (audited). 400 names each field at fault and saves nothing; 409 when someone else saved after `version`',
        body: adminStoreSettingsInputSchema,
        response: {
          200: adminStoreSettingsSavedSchema,
          400: fieldErrorsAnswerSchema,
          409: fieldErrorsAnswerSchema,
          ...refusals,
        },
      },
    },
    async (req) => {
      const { row, changed } = await saveAdminSettings(app.db, req.body, staffOf(req).staff.id);
      if (changed) {
        app.storefrontSettings.invalidate();
        forgetMailStore(app.db);
      }
      return {
        data: presentAdminSettings(row),
        message: changed ? ADMIN_SETTINGS_MESSAGES.saved : ADMIN_SETTINGS_MESSAGES.unchanged,
      };
    },
  );
};

export default storeSettingsRoutes;
