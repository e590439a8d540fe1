import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@backoffice/contract';
import { errorChain } from '../lib/error-causes';
import { AppError } from '../lib/errors';

/** Postgres/driver/system failures that mean "not reachable or out of resources right now". */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // Out of a resource, the process's or the database's: file descriptors (a socket to the database
  // is one), memory, connections. Worth trying again shortly; never a 500.
  'EMFILE',
  'ENFILE',
  'ENOMEM',
  'EAGAIN',
  '53000',
  '53200',
  '53300',
  '53400',
]);

/** What a 503 tells clients to wait before trying again, in seconds. */
const RETRY_AFTER_S = '5';

const unavailableMessage = /Connection terminated|timeout exceeded when trying to connect/i;

function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (e.code && unavailableCodes.has(e.code)) return true;
    if (typeof e.message === 'string' && unavailableMessage.test(e.message)) return true;
  }
  return false;
}

function fieldErrors(issues: { instancePath?: string; message?: string; params?: unknown }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    out[path] ??= issue.message ?? messages.server.invalidInput;
  }
  return out;
}

/** docs/decisions/0013-errors-and-validation.md: every error becomes `{ success: false, message, errors? }` with a fitting status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx of ours (a disk that will not take a file) is the operator's business: log its cause.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ success: false, message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0] ?? messages.server.invalidInput;
      return reply.status(400).send({ success: false, message: first, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ success: false, message: messages.server.internal });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_S)
        .send({ success: false, message: messages.server.unavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413 ? messages.server.tooLarge : status === 429 ? messages.server.tooManyRequests : error.message;
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: messages.server.internal });
  });
}
