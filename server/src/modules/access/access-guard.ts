import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleCan, roleMessages, type Permission } from '@backoffice/contract';
import { ForbiddenError } from '../../lib/errors';
import type { Db } from '../../db/client';
import { AD_ROUTES, checkAdScope, type AdOf } from './ad-scope';
import { routePermission } from './route-permissions';

export { categoryScope } from './ad-scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission the route needs (docs/decisions/0033-roles.md); set from ROUTE_PERMISSIONS. */
    permission?: Permission;
    /** The ad a route is about, for a scoped moderator's categories (ad-scope.ts AD_ROUTES). */
    adOf?: AdOf;
  }
}

/** The 403 of a route the table does not name: administrators only until someone decides. */
const UNDECLARED = 'Your role does not allow this (missing permission: a rule for this route)';

/**
 * docs/decisions/0033-roles.md: every route of `scope` gets its permission from the table when it
 * is registered, and every request is checked against the session's role after the session guard.
 * The role came with the session's own query: the check reads no database.
 */
export function guardPermissions(scope: FastifyInstance, db: Db): void {
  scope.addHook('onRoute', (route) => {
    const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
    const adOf = route.config?.adOf ?? AD_ROUTES[`${method} ${route.url}`];
    if (adOf) route.config = { ...route.config, adOf };
    if (route.config?.permission) return;
    const permission = routePermission(method, route.url);
    if (permission) route.config = { ...route.config, permission };
  });
  // After the params are validated: a scoped moderator's request about an ad of another category.
  scope.addHook('preHandler', async (request) => checkAdScope(db, request, request.routeOptions.config.adOf));
  scope.addHook('onRequest', async (request) => {
    const role = request.session?.user.role;
    if (role === 'administrator') return;
    const permission = request.routeOptions.config.permission;
    if (!permission) throw new ForbiddenError(UNDECLARED);
    if (!roleCan(role, permission)) throw new ForbiddenError(roleMessages.missingPermission(permission));
  });
}

/** A check inside a route, for what depends on the request (a live rule, a dataset). */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  if (!roleCan(request.session?.user.role, permission))
    throw new ForbiddenError(roleMessages.missingPermission(permission));
}
