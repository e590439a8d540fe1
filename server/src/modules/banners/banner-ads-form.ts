import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BANNER_FORM_FIELDS, BANNER_IMAGE_MAX_BYTES, bannerMessages, textIssues } from '@backoffice/contract';
import { AppError, ValidationError } from '../../lib/errors';

/**
 * Reading the multipart body of POST/PUT /api/banner-ads (docs/product.md#calls, docs/decisions/0006-banner-ads.md). @fastify/multipart is
 * registered in the banner routes' own scope with these limits; anything past them, a second
 * file, an unknown, repeated or over-long field, or a body cut short is a 4xx with a clear message,
 * and nothing is written: the body is read whole into memory before any check passes.
 */
export const multipartLimits = {
  fileSize: BANNER_IMAGE_MAX_BYTES,
  files: 1,
  fields: 20,
  parts: 25,
  /** Bytes per text field: the longest description in 4-byte UTF-8, with room to spare. */
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

export type BannerForm = { fields: Record<string, string>; image: Buffer | null };

const knownFields = new Set<string>(BANNER_FORM_FIELDS);

/** The multipart plugin's and busboy's errors, answered as docs/decisions/0013-errors-and-validation.md says, with this area's messages. */
function asHttpError(err: unknown): Error {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new ValidationError(bannerMessages.oneImageOnly, { image: bannerMessages.oneImageOnly });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, bannerMessages.tooManyFields);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new ValidationError(bannerMessages.unknownField('(invalid name)'));
    default:
      // Busboy's "Unexpected end of form", "Malformed part header", a closed connection …
      return new ValidationError(bannerMessages.incomplete);
  }
}

const tooLarge = () => new AppError(413, bannerMessages.imageTooLarge, { image: bannerMessages.imageTooLarge });

/**
 * A file part's bytes. Past the size limit it stops at once (the plugin's toBuffer reads on to the
 * end of the part), so an oversized upload is answered without receiving the rest.
 */
async function readFile(file: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) {
    if (file.truncated) throw tooLarge();
    chunks.push(chunk);
  }
  if (file.truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/** Reads every part; the first problem found is thrown once the body has been read. */
export async function readBannerForm(request: FastifyRequest): Promise<BannerForm> {
  if (!request.isMultipart()) throw new AppError(415, bannerMessages.notMultipart);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  let sawFile = false;
  let problem: AppError | null = null;
  const note = (error: AppError) => (problem ??= error);
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        const data = await readFile(part.file);
        if (name !== 'image') {
          note(new ValidationError(bannerMessages.unknownField(name), { [name]: bannerMessages.unknownField(name) }));
          continue;
        }
        if (sawFile) note(new ValidationError(bannerMessages.oneImageOnly, { image: bannerMessages.oneImageOnly }));
        sawFile = true;
        // A browser sends an untouched file input as an empty part without a file name: no image.
        if (data.length === 0 && !part.filename) continue;
        image = data;
        continue;
      }
      if (!knownFields.has(name)) {
        note(new ValidationError(bannerMessages.unknownField(name), { [name]: bannerMessages.unknownField(name) }));
      } else if (Object.hasOwn(fields, name)) {
        note(new ValidationError(bannerMessages.repeatedField(name), { [name]: bannerMessages.repeatedField(name) }));
      } else if (part.valueTruncated || typeof part.value !== 'string') {
        note(new ValidationError(bannerMessages.fieldTooLong(name), { [name]: bannerMessages.fieldTooLong(name) }));
      } else {
        fields[name] = part.value;
      }
    }
  } catch (err) {
    throw asHttpError(err);
  }
  if (problem) throw problem;
  return { fields, image };
}

/** The form's fields through the contract's schema; every bad field is named in `errors` (docs/decisions/0013-errors-and-validation.md). */
export function parseBannerFields<S extends z.ZodType>(
  schema: S,
  form: BannerForm,
  opts: { imageRequired: boolean },
): z.infer<S> {
  const result = schema.safeParse(form.fields);
  const errors: Record<string, string> = {};
  // The text rule every JSON body gets from the route validator (server/src/plugins/validator.ts).
  for (const issue of textIssues(schema, form.fields)) errors[issue.path.map(String).join('.') || '_'] = issue.message;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || '_';
      errors[key] ??= issue.message;
    }
  }
  if (opts.imageRequired && !form.image) errors.image ??= bannerMessages.imageRequired;
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return (result as { data: z.infer<S> }).data;
}
