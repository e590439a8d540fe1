import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps';

/** Routes of this module (to be built; see the issue). */
export const dashboardRoutes: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
