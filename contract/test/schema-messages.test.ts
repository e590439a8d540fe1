import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import * as contract from '../src';
import { applyFieldErrors } from '../src/field-errors';

applyFieldErrors();

/**
 * Every field error any schema of the contract can give is one of the sentences the contract keeps
 * in its message objects: no library wording ("Invalid option: expected one of …", "Too small:
 * expected …") reaches a user or an API client.
 */

const marker = '\u0001';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every sentence of the exported message objects; a sentence built from a value is a pattern. */
function allowedMessages() {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (typeof value === 'string') exact.add(value);
    else if (typeof value === 'function' && !(value instanceof z.ZodType)) {
      let sample: unknown;
      try {
        sample = (value as (...a: unknown[]) => unknown)(marker, marker, marker);
      } catch {
        return;
      }
      if (typeof sample === 'string' && sample.includes(marker)) {
        patterns.push(new RegExp(`^${sample.split(marker).map(escape).join('.+')}$`, 's'));
      }
    } else if (value && typeof value === 'object' && !(value instanceof z.ZodType) && !Array.isArray(value)) {
      for (const v of Object.values(value)) visit(v, depth + 1);
    }
  };
  for (const [name, value] of Object.entries(contract)) {
    if (/^(messages|[a-zA-Z]+(Messages|Text|Texts))$/.test(name)) visit(value, 0);
  }
  return { exact, patterns, has: (m: string) => exact.has(m) || patterns.some((p) => p.test(m)) };
}

const schemas = (Object.entries(contract) as [string, unknown][]).filter(
  (e): e is [string, z.ZodType] => e[1] instanceof z.ZodType,
);

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object inside wrappers, pipes and refinements, if any. */
function objectShape(schema: z.ZodType, depth = 0): Record<string, z.ZodType> | null {
  if (depth > 16) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  const inner = def.innerType ?? def.in;
  return inner ? objectShape(inner, depth + 1) : null;
}

/** Wrong types, missing values, blanks, values too long or too big, options that are not one. */
const wrongValues: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  1e15,
  Number.NaN,
  '',
  ' ',
  'not-an-option',
  'x'.repeat(100_001),
  '2026-02-30',
  'a'.repeat(10),
  [],
  ['x'],
  Array.from({ length: 1001 }, () => 'x'),
  Array.from({ length: 3 }, () => 7),
  {},
  { unexpected: 1 },
];

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('every field error of the contract is one of its own sentences', () => {
  const allowed = allowedMessages();

  it('finds the schemas and the sentences', () => {
    expect(schemas.length).toBeGreaterThan(30);
    expect(allowed.exact.has(contract.bannerMessages.nameRequired)).toBe(true);
  });

  it.each(schemas)('%s', (_name, schema) => {
    const seen = new Set<string>();
    const inputs: unknown[] = [...wrongValues];
    const shape = objectShape(schema);
    if (shape) {
      const keys = Object.keys(shape);
      // One field wrong at a time, the others absent; then every field wrong the same way.
      for (const key of keys) for (const v of wrongValues) inputs.push({ [key]: v });
      for (const v of wrongValues) inputs.push(Object.fromEntries(keys.map((k) => [k, v])));
      inputs.push({ ...Object.fromEntries(keys.map((k) => [k, 'x'])), extra: 'x' });
    }
    for (const input of inputs) for (const m of messagesOf(schema, input)) seen.add(m);
    fc.assert(
      fc.property(
        shape
          ? fc.dictionary(fc.constantFrom(...Object.keys(shape), 'extra'), fc.anything({ maxDepth: 2 }))
          : fc.anything({ maxDepth: 2 }),
        (input) => {
          for (const m of messagesOf(schema, input)) seen.add(m);
        },
      ),
      { numRuns: 60 },
    );
    const foreign = [...seen].filter((m) => !allowed.has(m));
    expect(foreign).toEqual([]);
  });
});
