import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicUser,
  userBulkDeleteBody,
  userBulkDeleteResponse,
  userBulkVerifyBody,
  userBulkVerifyResponse,
  userCountQuery,
  userCountResponse,
  userDetailResponse,
  userListQuery,
  userListResponse,
  userUpdateBody,
  uuidParam,
} from '@backoffice/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { strikesOf } from '../strikes/strikes-service';
import type { Actor, UsersService } from './users-service';

const params = uuidParam;
const actor = (request: FastifyRequest): Actor => ({
  id: request.session!.user.id,
  tokenHash: request.session!.tokenHash,
});

/** User calls in docs/product.md#calls (admin-only, docs/decisions/0012-access-control.md), with server-side search and paging on the list. */
export const usersRoutes: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'reader' | 'clock'> & { users: UsersService }
> = async (app, { db, reader, clock, users }) => {
  app.get(
    '/api/users',
    { schema: { querystring: userListQuery, response: { 200: userListResponse } } },
    async (request) => users.list(request.query, reader(request)),
  );

  app.get(
    '/api/users/count',
    { schema: { querystring: userCountQuery, response: { 200: userCountResponse } } },
    async (request) => ({ total: await users.count(request.query, reader(request)) }),
  );

  app.post(
    '/api/users/bulk-delete',
    { schema: { body: userBulkDeleteBody, response: { 200: userBulkDeleteResponse } } },
    async (request) => ({ success: true as const, results: await users.bulkDelete(request.body.ids, actor(request)) }),
  );

  app.post(
    '/api/users/bulk-verify',
    { schema: { body: userBulkVerifyBody, response: { 200: userBulkVerifyResponse } } },
    async (request) => ({ success: true as const, results: await users.bulkVerify(request.body.ids, actor(request)) }),
  );

  // With their strikes (docs/decisions/0035-strikes-and-languages.md).
  app.get('/api/users/:id', { schema: { params, response: { 200: userDetailResponse } } }, async (request) => ({
    ...(await users.get(request.params.id)),
    strikes: await strikesOf(db, request.params.id, clock()),
  }));

  app.put(
    '/api/users/:id',
    { schema: { params, body: userUpdateBody, response: { 200: publicUser } } },
    async (request) => users.update(request.params.id, request.body, actor(request)),
  );

  app.delete(
    '/api/users/:id',
    { schema: { params, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await users.delete(request.params.id, actor(request));
      return { success: true as const };
    },
  );
};
