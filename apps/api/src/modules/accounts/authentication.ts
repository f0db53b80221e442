/**
 * Who a request acts for (DESIGN §5.4, §5.5): `request.member()` reads `Authorization: Bearer <token>` once per
 * request and answers the live session's member, or null for a guest. Member routes add
 * `preHandler: app.requireMember`, which answers 401 `{ message }` without a live session; everything a member
 * route reads or writes is then scoped to `request.member()`'s user id, never to an id from the request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { findSessionMember, type Member } from './sessions';
import { HttpError } from '../../plugins/error-handling';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null for a guest (cached for the request). */
    member(): Promise<Member | null>;
  }
  interface FastifyInstance {
    /** preHandler for member routes: 401 without a live session. */
    requireMember(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * preHandler for routes open to guests and members (place-order, wallet orders): a request without a bearer
     * is a guest's, but one whose bearer is no longer live answers 401, so a member whose session ended signs in
     * again instead of being charged as a guest.
     */
    rejectDeadBearer(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<Member | null>>();

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export default fp(async (app) => {
  app.decorateRequest('member', function (this: FastifyRequest) {
    let found = cache.get(this);
    if (!found) {
      const token = bearerToken(this.headers.authorization);
      found = token ? findSessionMember(app.db, token) : Promise.resolve(null);
      cache.set(this, found);
    }
    return found;
  });
  app.decorate('requireMember', async (request: FastifyRequest) => {
    if (!(await request.member())) throw new HttpError(401, ACCOUNT_MESSAGES.sessionRequired);
  });
  app.decorate('rejectDeadBearer', async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined && !(await request.member())) {
      throw new HttpError(401, ACCOUNT_MESSAGES.sessionRequired);
    }
  });
});
