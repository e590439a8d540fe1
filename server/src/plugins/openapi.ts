import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody } from '@backoffice/contract';
import { SESSION_COOKIE } from './sessions';

export const DOCS_PREFIX = '/api/docs';

/**
 * Every route's description comes from its own Zod schemas. The error handler answers every
 * failure with the same body, so that shape is described once here for each route's 4xx and 5xx
 * instead of on every route.
 */
const describeRoute: SwaggerTransform = (document) => {
  const schema = document.schema;
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  const response = { '4XX': errorBody, '5XX': errorBody, ...(schema.response as object | undefined) };
  // Grouped on the page by the path's first word: advertisements, users, banner-ads, …
  const tags = schema.tags ?? [document.url.split('/')[2]!];
  return jsonSchemaTransform({ ...document, schema: { ...schema, response, tags } });
};

/**
 * For a route that reads its multipart body itself (so it has no `body` schema to validate):
 * describes that body as form fields. Put it in the route's `config.swaggerTransform`.
 */
export function describeMultipartBody(fields: z.ZodType): SwaggerTransform {
  return (document) =>
    describeRoute({
      ...document,
      schema: { ...document.schema, consumes: ['multipart/form-data'], body: fields },
    });
}

/**
 * Collects the description of every route registered after it; call before any route.
 * The document says every call needs the session cookie; the public routes say otherwise.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Back-office API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      security: [{ session: [] }],
    },
    transform: describeRoute,
    transformObject: jsonSchemaTransformObject,
  });
}

/**
 * GET /api/docs/json and the interactive page at /api/docs. Registered inside the admin scope, so
 * the same guard answers 401/403 to everyone else. The page is Swagger UI's own files served from
 * here (no inline script), so the app's Content-Security-Policy holds; see
 * docs/decisions/0021-openapi.md.
 */
export async function docsRoutes(admin: FastifyInstance): Promise<void> {
  await admin.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The default validator badge loads an image from validator.swagger.io, which the CSP refuses.
    uiConfig: { validatorUrl: null },
  });
}
