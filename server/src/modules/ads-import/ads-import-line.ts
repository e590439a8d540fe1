import { z } from 'zod';
import { AD_TYPES, MAX_AD_IMAGES, hasForbiddenCharacters, userUpdateBody } from '@backoffice/contract';
import { CATEGORIES, DISTRICTS } from '../../seed/catalog';

/**
 * One line of an `npm run ads:import` file (issue 33.2). The public site has no limits the back-office
 * could read, so the ones here are what its screens show whole: a heading of at most 200 characters,
 * details of at most 10,000. Category and district are the marketplace's own (the catalogue the demo
 * seed draws from); the advertiser's username, email and mobile follow User Management's rules.
 */
export const MAX_IMPORT_HEADING = 200;
export const MAX_IMPORT_DETAILS = 10_000;
export const MAX_EXTERNAL_ID = 200;
const MAX_PHONE = 30;
const MAX_NAME = 100;
const MAX_IMAGE_PATH = 500;
/** Whole rupees in the ads' integer column. */
const MAX_PRICE = 2_147_483_647;

export const importMessages = {
  notJson: 'not valid JSON',
  notObject: 'a line must be one JSON object',
  required: 'is required',
  notText: 'must be text',
  blank: 'must not be blank',
  tooLong: (max: number) => `must be at most ${max.toLocaleString('en-US')} characters`,
  badCharacters: 'holds control characters',
  unknownCategory: (v: string) => `unknown category "${v}" (known: ${KNOWN_CATEGORIES.join(', ')})`,
  unknownDistrict: (v: string) => `unknown district "${v}"`,
  price: 'must be a whole number of rupees, 0 or more',
  adType: `must be one of ${AD_TYPES.join(', ')}`,
  postingDate: 'must be a date and time such as 2026-05-01T09:30:00Z',
  futureDate: 'is in the future',
  imagePath: 'must be a path relative to the images folder',
  tooManyImages: `at most ${MAX_AD_IMAGES} images`,
  unknownField: (keys: string[]) => `unknown field ${keys.map((k) => `"${k}"`).join(', ')}`,
  notList: 'must be a list',
};

export const KNOWN_CATEGORIES = Object.keys(CATEGORIES);

/** Case and spacing aside, the marketplace's own spelling of a known value; else null. */
function canonical(known: readonly string[]) {
  const byKey = new Map(known.map((k) => [k.toLowerCase(), k]));
  return (v: string) => byKey.get(v.trim().replace(/\s+/g, ' ').toLowerCase()) ?? null;
}
const categoryOf = canonical(KNOWN_CATEGORIES);
const districtOf = canonical(DISTRICTS);

const text = (max: number, opts: { multiLine?: boolean; blank?: boolean } = {}) =>
  z
    .string({ error: (i) => (i.input === undefined ? importMessages.required : importMessages.notText) })
    .trim()
    .max(max, importMessages.tooLong(max))
    .refine((v) => opts.blank || v.length > 0, importMessages.blank)
    .refine((v) => !hasForbiddenCharacters(v, opts.multiLine ?? false), importMessages.badCharacters);

const known = (of: (v: string) => string | null, message: (v: string) => string) =>
  text(100).transform((v, ctx) => {
    const found = of(v);
    if (found === null) ctx.addIssue({ code: 'custom', message: message(v) });
    return found ?? v;
  });

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? importMessages.unknownField(i.keys)
        : i.input === undefined
          ? importMessages.required
          : importMessages.notObject,
  });

const user = userUpdateBody.shape;

export const importLine = strict({
  externalId: text(MAX_EXTERNAL_ID),
  heading: text(MAX_IMPORT_HEADING),
  title: text(MAX_IMPORT_HEADING).optional(),
  details: text(MAX_IMPORT_DETAILS, { multiLine: true }),
  category: known(categoryOf, importMessages.unknownCategory),
  district: known(districtOf, importMessages.unknownDistrict),
  price: z
    .number({ error: importMessages.price })
    .int(importMessages.price)
    .min(0, importMessages.price)
    .max(MAX_PRICE, importMessages.price)
    .nullable()
    .optional(),
  adType: z.enum(AD_TYPES, { error: importMessages.adType }).optional(),
  postingDate: z.iso
    .datetime({ offset: true, error: importMessages.postingDate })
    .transform((v) => new Date(v))
    .optional(),
  phone1: text(MAX_PHONE).nullable().optional(),
  images: z
    .array(
      text(MAX_IMAGE_PATH).refine(
        (p) => !p.startsWith('/') && !p.startsWith('\\') && !/^[a-z]:/i.test(p) && !/(^|[\\/])\.\.([\\/]|$)/.test(p),
        importMessages.imagePath,
      ),
      { error: importMessages.notList },
    )
    .max(MAX_AD_IMAGES, importMessages.tooManyImages)
    .optional(),
  advertiser: strict({
    username: user.username,
    name: text(MAX_NAME).nullable().optional(),
    email: user.email.optional(),
    mobile: user.mobile.optional(),
  }),
});
export type ImportLine = z.output<typeof importLine>;

/** The line as an ad to import, or the reason it is refused (`field: problem`, the first one). */
export function parseImportLine(
  raw: string,
  now: Date,
): { ok: true; line: ImportLine } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: importMessages.notJson };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, reason: importMessages.notObject };
  const parsed = importLine.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .slice(1);
    return { ok: false, reason: field ? `${field}: ${issue.message}` : issue.message };
  }
  if (parsed.data.postingDate && parsed.data.postingDate.getTime() > now.getTime())
    return { ok: false, reason: `postingDate: ${importMessages.futureDate}` };
  return { ok: true, line: parsed.data };
}
