import { z } from 'zod';
import { listSearch, listStatus } from './list-query';
import { requiredText, textControlChars, type RequiredTextOptions } from './required-text';
import { multiLine } from './text-rules';

/**
 * docs/product.md#duties, Duty in docs/product.md#entities, duty form in docs/product.md#validation-rules, duty calls in docs/product.md#calls, duty messages in docs/product.md#error-catalogue;
 * docs/decisions/0005-packages-and-duties.md (rich-text conditions) and docs/decisions/0005-packages-and-duties.md (codes).
 */
export const DUTY_STATUSES = ['Active', 'Inactive'] as const;
export type DutyStatus = (typeof DUTY_STATUSES)[number];

/** docs/product.md#business-constants: `#D` plus 4 digits. */
export const DUTY_CODE_PATTERN = /^#D[0-9]{4}$/;
export const MAX_DUTY_TITLE = 150;
export const MAX_DUTY_DESCRIPTION = 2000;
export const MAX_DUTY_CONDITION = 2000;
export const MAX_DUTY_CONDITIONS = 20;
/** How often the client tries a fresh code after a 409 before it gives up (docs/decisions/0005-packages-and-duties.md). */
export const DUTY_CODE_ATTEMPTS = 5;

/** docs/decisions/0005-packages-and-duties.md: the only markup a condition may hold, and where its links may point. */
export const DUTY_ALLOWED_TAGS = ['b', 'strong', 'a'] as const;
export const DUTY_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
export const DUTY_LINK_REL = 'noopener noreferrer';

export const dutyMessages = {
  // docs/product.md#error-catalogue, word for word.
  saveFailed: 'Error saving duty. Please try again.',
  deleteFailed: 'Error deleting duty. Please try again.',
  // Success, as packages and banners say it.
  created: 'Duty created successfully',
  updated: 'Duty updated successfully',
  deleted: 'Duty deleted successfully',
  // docs/product.md#duties.
  deleteConfirm: 'Are you sure you want to delete this duty? This action cannot be undone.',
  // docs/product.md#validation-rules: title and description required (the spec gives no wording).
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  titleTooLong: `Title must be at most ${MAX_DUTY_TITLE} characters`,
  descriptionTooLong: `Description must be at most ${MAX_DUTY_DESCRIPTION} characters`,
  conditionTooLong: `Each condition must be at most ${MAX_DUTY_CONDITION} characters`,
  conditionBlank: 'A condition cannot be empty',
  tooManyConditions: `At most ${MAX_DUTY_CONDITIONS} conditions are allowed`,
  conditionsInvalid: 'Conditions must be a list of text',
  statusInvalid: 'Status must be Active or Inactive',
  controlChars: 'Control characters are not allowed',
  // docs/decisions/0005-packages-and-duties.md.
  codeInvalid: 'Duty ID must be #D followed by 4 digits',
  codeTaken: 'Duty ID already exists',
  notFound: 'Duty not found',
  // Screen (beyond the spec's wording; decision 0005).
  sampleFallback: 'The duties could not be loaded. Showing sample duties.',
  emptyState: 'No duties found',
  linkUrlLabel: 'Link URL',
  linkInvalid: 'Enter a link starting with http://, https:// or mailto:',
} as const;

/** A code of the spec's form `#D` + 4 digits, avoiding `taken` when it can (docs/decisions/0005-packages-and-duties.md). */
export function generateDutyCode(random: () => number = Math.random, taken?: ReadonlySet<string>): string {
  let code = '';
  for (let attempt = 0; attempt < 50; attempt++) {
    code = `#D${String(Math.floor(random() * 10_000) % 10_000).padStart(4, '0')}`;
    if (!taken?.has(code)) return code;
  }
  return code;
}

/** docs/decisions/0005-packages-and-duties.md: http, https or mailto links only; whitespace and control characters cannot hide a scheme. */
export function isSafeDutyHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = href.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (compact !== href.trim()) return false;
  return /^(https?:\/\/[^/\s]|mailto:[^\s])/i.test(compact);
}

const text = (opts: Omit<RequiredTextOptions, 'controlChars'>) =>
  requiredText({ ...opts, controlChars: dutyMessages.controlChars });

/** A condition with no text once its markup is set aside: nothing to show but an empty numbered item. */
export function isBlankCondition(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/gi, ' ')
      .trim() === ''
  );
}

/**
 * The spec sets no rules on conditions (docs/product.md#validation-rules); the server caps them,
 * refuses a blank one (issue 32.10) and sanitises them (docs/decisions/0005-packages-and-duties.md).
 */
const condition = multiLine(
  z
    .string({ error: dutyMessages.conditionsInvalid })
    .max(MAX_DUTY_CONDITION, dutyMessages.conditionTooLong)
    .refine((v) => !textControlChars.test(v), dutyMessages.controlChars)
    .refine((v) => !isBlankCondition(v), dutyMessages.conditionBlank),
);

const dutyFields = {
  title: text({ max: MAX_DUTY_TITLE, required: dutyMessages.titleRequired, tooLong: dutyMessages.titleTooLong }),
  description: text({
    max: MAX_DUTY_DESCRIPTION,
    required: dutyMessages.descriptionRequired,
    tooLong: dutyMessages.descriptionTooLong,
    multiline: true,
  }),
  conditions: z
    .array(condition, { error: dutyMessages.conditionsInvalid })
    .max(MAX_DUTY_CONDITIONS, dutyMessages.tooManyConditions),
  status: z.enum(DUTY_STATUSES, { error: dutyMessages.statusInvalid }).default('Active'),
};

export const dutyCode = z
  .string({ error: dutyMessages.codeInvalid })
  .regex(DUTY_CODE_PATTERN, dutyMessages.codeInvalid);

/** POST /api/duties body (docs/product.md#calls): the client's code as `id`. */
export const dutyCreateBody = z.strictObject({ id: dutyCode, ...dutyFields });
export type DutyCreateBody = z.output<typeof dutyCreateBody>;
export type DutyCreateInput = z.input<typeof dutyCreateBody>;

/** PUT /api/duties/{id} body: the same fields without id, status included (no silent default). */
export const dutyUpdateBody = z.strictObject({
  ...dutyFields,
  status: z.enum(DUTY_STATUSES, { error: dutyMessages.statusInvalid }),
});
export type DutyUpdateBody = z.output<typeof dutyUpdateBody>;
export type DutyUpdateInput = z.input<typeof dutyUpdateBody>;
export type DutyField = 'id' | keyof typeof dutyFields;
export type DutyFieldErrors = Partial<Record<DutyField, string>>;

/** Runs the duty rules in docs/product.md#validation-rules (title and description required) as the server does. */
export function validateDuty(input: unknown): DutyFieldErrors {
  const result = dutyUpdateBody.safeParse(input);
  const errors: DutyFieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '_') as DutyField] ??= issue.message;
  return errors;
}

/** Duty in docs/product.md#entities as the server sends it: `_id` is the row's uuid, `id` the `#D` code. */
export const dutyRecord = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  conditions: z.array(z.string()),
  status: z.enum(DUTY_STATUSES),
});
export type Duty = z.infer<typeof dutyRecord>;

/**
 * GET /api/duties (docs/product.md#calls) with optional filters, empty by default (the spec's call):
 * a case-insensitive search over the code, title and description, and a status.
 */
export const dutyListQuery = z.strictObject({ search: listSearch(), status: listStatus(DUTY_STATUSES) });
export type DutyListQuery = z.infer<typeof dutyListQuery>;
export type DutyListParams = z.input<typeof dutyListQuery>;

export const dutyListResponse = z.object({ success: z.literal(true), duties: z.array(dutyRecord) });
export type DutyListResponse = z.infer<typeof dutyListResponse>;
export const dutyMutationResponse = z.object({ success: z.literal(true), duty: dutyRecord });
export type DutyMutationResponse = z.infer<typeof dutyMutationResponse>;
export const dutyDeleteResponse = z.object({ success: z.literal(true) });
