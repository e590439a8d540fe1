import { z } from 'zod';
import { messages } from './messages';

/**
 * The one range of dates every schema accepts (docs/decisions/0013-errors-and-validation.md): a
 * calendar day or an instant from 1900-01-01 to 9999-12-31. The format's four-digit years stop at
 * 9999; before 1900, JavaScript's Date.UTC reads years 0–99 as 1900–1999 and PostgreSQL has no
 * year 0, so `0000-01-01` once reached the database and answered 500.
 */
export const MIN_DAY = '1900-01-01';
export const MAX_DAY = '9999-12-31';
export const dateMessages = {
  format: messages.input.dateFormat,
  instantFormat: 'Enter a date and time as YYYY-MM-DDTHH:MM:SSZ',
  range: `Enter a date from ${MIN_DAY} to ${MAX_DAY}`,
} as const;

/** The range, as the OpenAPI document says it (JSON Schema has no bounds for dates). */
const rangeText = `From ${MIN_DAY} to ${MAX_DAY}`;
const inRange = (v: string) => v.slice(0, 10) >= MIN_DAY && v.slice(0, 10) <= MAX_DAY;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one) within the range. */
export const isoDay = (formatMessage: string = dateMessages.format, rangeMessage: string = dateMessages.range) =>
  z.iso.date({ error: formatMessage }).refine(inRange, rangeMessage).meta({ description: rangeText });

/** An instant written in ISO 8601 UTC (`2026-11-22T08:00:00Z`, fractions allowed) within the range. */
export const isoInstant = () =>
  z.iso
    .datetime({ error: dateMessages.instantFormat })
    .refine(inRange, dateMessages.range)
    .meta({ description: rangeText });
