import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { globalRegistry, type z } from 'zod';
import {
  adClaim,
  advertisement,
  advertiserMessage,
  bannerAd,
  dutyRecord,
  errorBody,
  packageRecord,
  product,
  publicUser,
  rejectionReasonTemplate,
} from '@backoffice/contract';
import { errorDescriptions, operations } from './openapi-operations';
import { SESSION_COOKIE } from './sessions';
import { routePermission } from '../modules/access/route-permissions';

export const DOCS_PREFIX = '/api/docs';

/**
 * The shared shapes, named: the document lists them once under `components.schemas` and every
 * operation refers to them, so generated clients get one named type each. Registered in Zod's
 * global registry (where `.describe()` keeps descriptions too), once per process.
 */
const named: [z.ZodType, string][] = [
  [errorBody, 'Error'],
  [advertisement, 'Advertisement'],
  [adClaim, 'AdClaim'],
  [publicUser, 'User'],
  [packageRecord, 'Package'],
  [dutyRecord, 'Duty'],
  [bannerAd, 'BannerAd'],
  [product, 'Product'],
  [advertiserMessage, 'AdvertiserMessage'],
  [rejectionReasonTemplate, 'RejectionReason'],
];
for (const [schema, id] of named) {
  if (!globalRegistry.get(schema)?.id) globalRegistry.add(schema, { ...globalRegistry.get(schema), id });
}

const apiDescription = `The back-office API of the classified-ads marketplace. Every body is JSON unless an operation says otherwise.

**Session.** \`POST /api/auth/signin\` sets the \`${SESSION_COOKIE}\` cookie (HttpOnly, SameSite=Lax); every other call needs it, and an administrator's.

**Cross-site requests.** A state-changing call (any method but GET, HEAD and OPTIONS) must carry an \`Origin\` header (or, failing that, a \`Referer\`) naming the server's own origin or one in ALLOWED_ORIGINS; otherwise it is refused with 403 and changes nothing.

**Errors.** Every failure answers \`{ success: false, message, errors? }\` (the \`Error\` schema); \`errors\` maps a field to its problem. An unknown path under \`/api\` answers 404; a known path with a method it does not take answers 405 with \`Allow\`.`;

const errorResponse = (status: number) => ({
  description: errorDescriptions[status] ?? 'An error',
  content: { 'application/json': { schema: errorBody } },
});

type RouteSchema = Record<string, unknown> & {
  response?: Record<string, unknown>;
  security?: { [label: string]: readonly string[] }[];
};

/** The error statuses an operation can answer: those every route shares, plus its own. */
function errorStatuses(method: string, url: string, schema: RouteSchema, multipart: boolean, extra: number[] = []) {
  const statuses = new Set([400, 421, 500, 503, ...extra]);
  const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
  if (!isPublic) [401, 403].forEach((s) => statuses.add(s));
  if (method !== 'GET') statuses.add(403);
  if (url.includes(':id')) statuses.add(404);
  if (schema.body || multipart) [413, 415].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Every route's description comes from its own Zod schemas, with its name, summary and answers
 * from openapi-operations.ts. Errors are all the `Error` shape, in JSON (the event stream's too).
 */
const describeRoute: SwaggerTransform = (document) => {
  const schema = document.schema as RouteSchema | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  const method = [document.route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const key = `${method} ${document.url}`;
  const text = operations[key];
  if (!text) throw new Error(`${key} has no operationId and summary in plugins/openapi-operations.ts`);
  const multipart = Array.isArray(schema.consumes) && schema.consumes.includes('multipart/form-data');
  const produces = Array.isArray(schema.produces) ? (schema.produces as string[]) : ['application/json'];
  const response: Record<string, unknown> = {};
  for (const status of errorStatuses(method, document.url, schema, multipart, text.errors)) {
    response[status] = errorResponse(status);
  }
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    const isError = Number(status) >= 400;
    if (isError) response[status] = errorResponse(Number(status));
    else if (answer && typeof answer === 'object' && 'content' in answer)
      response[status] = { description: text.ok, ...answer };
    else {
      const content = Object.fromEntries(produces.map((type) => [type, { schema: answer }]));
      response[status] = { description: text.ok, content };
    }
  }
  // Grouped on the page by the path's first word: advertisements, users, banner-ads, …
  const tags = (schema.tags as string[] | undefined) ?? [document.url.split('/')[2]!];
  const { operationId, summary } = text;
  return jsonSchemaTransform({ ...document, schema: { ...schema, operationId, summary, response, tags } });
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

const toComponents = createJsonSchemaTransformObject({});

/**
 * Each operation names the permission it needs as `x-permission` (docs/decisions/0033-roles.md),
 * from the same table the server checks.
 */
function markPermissions(openapi: { paths?: Record<string, Record<string, Record<string, unknown>>> }) {
  for (const [path, operations] of Object.entries(openapi.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const permission = routePermission(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1'));
      if (permission) operation['x-permission'] = permission;
    }
  }
}

/** Named schemas no operation refers to (the input twin of an answer's shape) are left out. */
const transformObject: SwaggerTransformObject = (document) => {
  const openapi = toComponents(document) as ReturnType<SwaggerTransformObject> & {
    components: { schemas: Record<string, unknown> };
  };
  markPermissions(openapi as unknown as { paths?: Record<string, Record<string, Record<string, unknown>>> });
  const schemas = openapi.components.schemas;
  for (;;) {
    const unused = Object.keys(schemas).filter((id) => {
      const others = { ...schemas, [id]: undefined };
      const text = JSON.stringify({ ...openapi, components: { ...openapi.components, schemas: others } });
      return !text.includes(`"#/components/schemas/${id}"`);
    });
    if (!unused.length) return openapi;
    for (const id of unused) delete schemas[id];
  }
};

/**
 * Collects the description of every route registered after it; call before any route.
 * The document says every call needs the session cookie; the public routes say otherwise.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { publicOrigin?: string } = {}): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back-office API',
        version: '1.0.0',
        description: apiDescription,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [
        {
          url: opts.publicOrigin ?? '/',
          description: opts.publicOrigin ? 'This server (PUBLIC_ORIGIN)' : 'The origin this document was served from',
        },
      ],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              "The session cookie set by sign-in. State-changing calls must also send an `Origin` naming the server's own origin (403 otherwise).",
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: describeRoute,
    transformObject,
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
