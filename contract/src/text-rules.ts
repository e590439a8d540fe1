import type { z } from 'zod';
import { messages } from './messages';

/**
 * One rule for every string a request carries, whatever its schema: no control characters (PostgreSQL
 * refuses NUL, and no field has a use for the others) and no lone surrogate halves (not valid UTF-8,
 * which PostgreSQL refuses too). Fields marked `multiLine` keep tab, line feed and carriage return;
 * elsewhere they may only surround the value (the schemas trim them away).
 */
const multiLineSchemas = new WeakSet<object>();

/** Marks a string schema whose text may span lines (tab, LF and CR allowed inside). */
export function multiLine<T extends z.ZodType>(schema: T): T {
  multiLineSchemas.add(schema);
  return schema;
}

// eslint-disable-next-line no-control-regex
const anyControl = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const controlBesidesLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

// Tab and line breaks typed or pasted around a one-line value (which the schemas trim) are harmless.
const surroundingBreaks = /^[\t\n\r ]+|[\t\n\r ]+$/g;
// With the u flag a surrogate pair is one code point, so only unpaired halves match.
const loneSurrogate = /[\ud800-\udfff]/u;

export function hasForbiddenCharacters(value: string, multi: boolean): boolean {
  if (loneSurrogate.test(value)) return true;
  return multi ? controlBesidesLineBreaks.test(value) : anyControl.test(value.replace(surroundingBreaks, ''));
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  catchall?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

type Candidate = { schema: z.ZodType; multi: boolean };

/** The schemas a value may be checked against once wrappers, unions and intersections are looked through. */
function expand(schema: z.ZodType, multi: boolean, out: Candidate[], depth = 0): void {
  if (depth > 32) return;
  const m = multi || multiLineSchemas.has(schema);
  const def = defOf(schema);
  const next = (s: z.ZodType | undefined | null): void => {
    if (s) expand(s, m, out, depth + 1);
  };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return next(def.innerType);
    case 'pipe':
      return next(def.in);
    case 'lazy':
      return next(def.getter?.());
    case 'union':
      return def.options?.forEach(next);
    case 'intersection':
      next(def.left);
      return next(def.right);
    default:
      out.push({ schema, multi: m });
  }
}

// A schema's candidates, worked out once: a route's schema is walked for every request it validates.
const expanded = [new WeakMap<object, Candidate[]>(), new WeakMap<object, Candidate[]>()] as const;

function candidatesOf(schema: z.ZodType, multi: boolean): Candidate[] {
  const cache = expanded[multi ? 1 : 0];
  let list = cache.get(schema);
  if (!list) {
    list = [];
    expand(schema, multi, list);
    cache.set(schema, list);
  }
  return list;
}

const anyKind = new Set(['any', 'unknown']);
const MAX_DEPTH = 64;

/**
 * The fields of `data` that break the rule above, as `path → message`, found by walking the data
 * alongside `schema`. Strings where the schema expects something else are left to the schema.
 */
export function textIssues(schema: z.ZodType, data: unknown): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const walk = (value: unknown, candidates: Candidate[], path: (string | number)[]) => {
    if (path.length > MAX_DEPTH || candidates.length === 0) return;
    if (typeof value === 'string') {
      const multi = candidates.some((c) => c.multi);
      if (hasForbiddenCharacters(value, multi)) issues.push({ path, message: messages.input.controlChars });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        const inner: Candidate[] = [];
        for (const c of candidates) {
          const def = defOf(c.schema);
          const s =
            def.type === 'array' ? def.element : def.type === 'tuple' ? (def.items?.[i] ?? def.rest) : undefined;
          if (s) inner.push(...candidatesOf(s, false));
          else if (anyKind.has(def.type)) inner.push(c);
        }
        walk(item, inner, [...path, i]);
      });
      return;
    }
    if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const inner: Candidate[] = [];
        for (const c of candidates) {
          const def = defOf(c.schema);
          const s =
            def.type === 'object'
              ? // Own keys only: `constructor` or `__proto__` must not find Object's.
                ((def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined) ?? def.catchall)
              : def.type === 'record'
                ? def.valueType
                : undefined;
          if (s) inner.push(...candidatesOf(s, false));
          else if (anyKind.has(def.type)) inner.push(c);
        }
        walk(item, inner, [...path, key]);
      }
    }
  };
  walk(data, candidatesOf(schema, false), []);
  return issues;
}
