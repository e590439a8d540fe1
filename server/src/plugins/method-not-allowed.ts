import type { ZodType } from 'zod';

/**
 * A route as the security tests and the 405 answer see it: its request schemas let the fuzz test
 * reach every field. Defined here rather than in app.ts, which imports this file (no import circle).
 */
export type RouteEntry = {
  method: string;
  url: string;
  schema?: { body?: ZodType; querystring?: ZodType; params?: ZodType };
};

/**
 * The methods the API takes on a path, for a request whose method it does not take there: the
 * not-found handler answers those with 405 and `Allow` instead of 404, so a client can tell a
 * wrong method from a wrong path (docs/decisions/0021-openapi.md). Empty when no route has the path.
 */
export function allowedMethods(routes: RouteEntry[], url: string): string[] {
  const path = url.split('?')[0]!;
  const methods = new Set<string>();
  for (const route of routes) {
    if (!route.url.startsWith('/api/')) continue;
    const pattern = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
    if (new RegExp(`^${pattern}/?$`).test(path)) methods.add(route.method);
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
