import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { textIssues } from '@backoffice/contract';
import { applyFieldErrors } from '@backoffice/contract/field-errors';

// Every schema's errors in our sentences, whichever schema names none of its own.
applyFieldErrors();

// The marker fastify-type-provider-zod puts on its issues, so the error handler reads ours the same way.
const zodIssueMarker = Symbol.for('ZodFastifySchemaValidationError');

/**
 * The Zod validator of every route's params, query and body, with the contract's text rule in front:
 * a control character or a lone surrogate anywhere is a 400 naming the field, whichever schema the
 * field belongs to, so a new field is covered without being listed.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const issues = textIssues(route.schema, data);
    if (issues.length === 0) return validate(data);
    return {
      error: issues.map((issue) => ({
        [zodIssueMarker]: true,
        keyword: 'custom',
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: `#/${issue.path.join('/')}/custom`,
        message: issue.message,
        params: {},
      })),
    };
  };
};
