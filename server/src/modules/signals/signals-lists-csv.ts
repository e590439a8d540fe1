import {
  phraseMessages,
  riskyPhraseBody,
  signalMessages,
  type BlockedPhone,
  type RiskyPhraseBody,
  type RiskyPhraseItem,
} from '@backoffice/contract';
import { recordAuditMany } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { normalisePhone } from '../../signals/phone';
import type { CsvColumn } from '../exports/csv-response';
import { hasWords } from './risky-phrases';
import { insertBlockedPhones } from './signals-lists-repository';
import { reanalyseCarrying } from './signals-store-repository';

/**
 * The trust signals' lists as CSV (issue 34.5): what the export writes and how an import's line
 * is read. The import takes the columns the single add takes (`phone`; `language`, `category`,
 * `phrase`) and ignores the others the export adds, so an exported file goes back in unchanged.
 */

export const blockedPhoneColumns: CsvColumn<BlockedPhone>[] = [
  { header: 'phone', cell: (p) => p.phone },
  { header: 'addedAt', cell: (p) => new Date(p.addedAt) },
  { header: 'addedBy', cell: (p) => p.addedBy?.name ?? null },
];

/** The phrases in effect (shipped and admins'); those taken out are not in the file. */
export const riskyPhraseColumns: CsvColumn<RiskyPhraseItem>[] = [
  { header: 'language', cell: (p) => p.language },
  { header: 'category', cell: (p) => p.category },
  { header: 'phrase', cell: (p) => p.phrase },
  { header: 'source', cell: (p) => p.source },
];

/** A number of an import line, in E.164; unreadable ones with the single add's message. */
export function checkPhoneLine(row: { phone: string }): { value: string } | { reason: string } {
  if (!row.phone) return { reason: signalMessages.phoneRequired };
  const phone = row.phone.length <= 40 ? normalisePhone(row.phone) : null;
  return phone ? { value: phone } : { reason: signalMessages.phoneInvalid };
}

/** A phrase of an import line, checked as POST /api/signals/phrases checks its body. */
export function checkPhraseLine(row: {
  language: string;
  category: string;
  phrase: string;
}): { value: RiskyPhraseBody } | { reason: string } {
  const parsed = riskyPhraseBody.safeParse(row);
  if (!parsed.success) return { reason: parsed.error.issues[0]!.message };
  if (!hasWords(parsed.data.phrase)) return { reason: phraseMessages.phraseNoWords };
  return { value: parsed.data };
}

/**
 * Blocks the numbers of an import (already checked) in one transaction, as a single block does
 * each: the pending ads carrying a new number go back to analysis, and each new number is an audit
 * entry. Numbers already blocked, or repeated in the file, are skipped.
 */
export async function importBlockedPhones(
  db: Db,
  clock: Clock,
  phones: readonly string[],
  adminId: string,
): Promise<{ added: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const at = clock();
    const added = await insertBlockedPhones(tx, [...new Set(phones)], adminId, at);
    for (const phone of added) await reanalyseCarrying(tx, phone);
    await recordAuditMany(
      tx,
      added.map((phone) => ({
        entity: 'phone',
        entityId: null,
        entityLabel: phone,
        action: 'created',
        actorId: adminId,
        at,
      })),
    );
    return { added: added.length, skipped: phones.length - added.length };
  });
}
