import { sql } from 'drizzle-orm';
import { phraseMessages, type RiskyPhraseBody, type RiskyPhraseItem } from '@backoffice/contract';
import { recordAudit } from '../../domain/audit-writer';
import { rowsOf, type Db, type Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { compilePhrases, riskyPhraseModule, shippedPhraseLists, type PhraseList } from '../../signals/risky-phrase';
import { tokenise } from '../../signals/text-normalise';

/**
 * The risky phrase lists admins edit (issue 33.3): the shipped lists
 * (server/src/signals/data/risky-phrases) with the admins' changes from `risky_phrase_edits` on
 * top: phrases added, shipped phrases taken out. The analysis reads the changes once per batch and
 * compiles the lists again only when they differ from the last compiled ones.
 */
type EditRow = {
  language: string;
  category: string;
  phrase: string;
  removed: boolean;
  changed_at: Date | string;
  changed_by: string | null;
  changed_by_name: string | null;
};

async function edits(db: Executor): Promise<EditRow[]> {
  const result = await db.execute(sql`
    select e.language, e.category, e.phrase, e.removed, e.changed_at, e.changed_by,
      coalesce(nullif(u.name, ''), u.username) as changed_by_name
    from risky_phrase_edits e left join users u on u.id = e.changed_by
    order by e.language, e.category, e.phrase`);
  return rowsOf<EditRow>(result);
}

/** The same phrase however it is written (case, spacing, character swaps): what matching compares. */
const compact = (phrase: string) =>
  tokenise(phrase)
    .map((t) => t.norm)
    .join('');

function shipped(language: string, category: string): string[] {
  const list = shippedPhraseLists[language]?.[category];
  return Array.isArray(list) ? list : [];
}

/** The lists in effect: the shipped ones with the admins' changes applied. */
function effectiveLists(rows: readonly EditRow[]): Record<string, PhraseList> {
  const lists: Record<string, Record<string, string[]>> = {};
  for (const [language, list] of Object.entries(shippedPhraseLists))
    for (const [category, phrases] of Object.entries(list))
      if (Array.isArray(phrases)) (lists[language] ??= {})[category] = [...phrases];
  for (const row of rows) {
    const list = ((lists[row.language] ??= {})[row.category] ??= []);
    if (row.removed) lists[row.language]![row.category] = list.filter((p) => p !== row.phrase);
    else list.push(row.phrase);
  }
  return lists;
}

export type PhraseModule = ReturnType<typeof riskyPhraseModule>;
let compiled: { key: string; module: PhraseModule } | null = null;

/** The risky_phrase module on the lists in effect now (compiled again only after a change). */
export async function currentPhraseModule(db: Executor): Promise<PhraseModule> {
  const rows = await edits(db);
  const key = JSON.stringify(rows.map((r) => [r.language, r.category, r.phrase, r.removed]));
  if (compiled?.key !== key) compiled = { key, module: riskyPhraseModule(compilePhrases(effectiveLists(rows))) };
  return compiled.module;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export class RiskyPhrasesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Every phrase in effect, and the shipped ones taken out (`removed`), by language, category, phrase. */
  async list(): Promise<RiskyPhraseItem[]> {
    return listFrom(await edits(this.db));
  }

  /** Adds a phrase, or puts a shipped one taken out back; one already in effect is answered as it is. */
  async add(body: RiskyPhraseBody, adminId: string): Promise<RiskyPhraseItem> {
    const { language, category } = body;
    const phrase = checked(body.phrase);
    return this.db.transaction(async (tx) => {
      const rows = await edits(tx);
      const inEffect = listFrom(rows).find(
        (p) =>
          !p.removed && p.language === language && p.category === category && compact(p.phrase) === compact(phrase),
      );
      if (inEffect) return inEffect;
      const stored = await this.addNew(tx, { language, category, phrase }, adminId);
      const after = listFrom(await edits(tx));
      return after.find((p) => p.language === language && p.category === category && p.phrase === stored)!;
    });
  }

  /**
   * The phrases of a CSV import (each checked as `add` checks one) in one transaction: those not in
   * effect are added as `add` adds one (a shipped one taken out is put back), with one audit entry
   * each; those in effect, or repeated in the file however written, are skipped.
   */
  async importMany(bodies: readonly RiskyPhraseBody[], adminId: string): Promise<{ added: number; skipped: number }> {
    const key = (p: Pick<RiskyPhraseBody, 'language' | 'category' | 'phrase'>) =>
      `${p.language}\u0000${p.category}\u0000${compact(p.phrase)}`;
    return this.db.transaction(async (tx) => {
      const inEffect = new Set(
        listFrom(await edits(tx))
          .filter((p) => !p.removed)
          .map(key),
      );
      let added = 0;
      for (const body of bodies) {
        if (inEffect.has(key(body))) continue;
        inEffect.add(key(body));
        await this.addNew(tx, { ...body, phrase: checked(body.phrase) }, adminId);
        added++;
      }
      return { added, skipped: bodies.length - added };
    });
  }

  /** Adds a phrase not in effect: a shipped one taken out is put back, else it is an admin's. The phrase as listed. */
  private async addNew(tx: Executor, body: RiskyPhraseBody, adminId: string): Promise<string> {
    const { language, category, phrase } = body;
    const shippedOne = shipped(language, category).find((p) => compact(p) === compact(phrase));
    if (shippedOne) await remove(tx, language, category, shippedOne);
    else
      await tx.execute(sql`
        insert into risky_phrase_edits (language, category, phrase, removed, changed_at, changed_by)
        values (${language}, ${category}, ${phrase}, false, ${this.clock().toISOString()}::timestamptz, ${adminId}::uuid)`);
    await this.audit(tx, 'created', language, category, shippedOne ?? phrase, adminId);
    return shippedOne ?? phrase;
  }

  /** Takes a phrase out: an admin's own is deleted, a shipped one marked removed. 404 when not in effect. */
  async remove(body: RiskyPhraseBody, adminId: string): Promise<void> {
    const { language, category } = body;
    const phrase = checked(body.phrase);
    await this.db.transaction(async (tx) => {
      const target = listFrom(await edits(tx)).find(
        (p) => !p.removed && p.language === language && p.category === category && p.phrase === phrase,
      );
      if (!target) throw new NotFoundError(phraseMessages.notListed);
      if (target.source === 'admin') await remove(tx, language, category, phrase);
      else
        await tx.execute(sql`
          insert into risky_phrase_edits (language, category, phrase, removed, changed_at, changed_by)
          values (${language}, ${category}, ${phrase}, true, ${this.clock().toISOString()}::timestamptz, ${adminId}::uuid)`);
      await this.audit(tx, 'deleted', language, category, phrase, adminId);
    });
  }

  private audit(
    tx: Executor,
    action: 'created' | 'deleted',
    language: string,
    category: string,
    phrase: string,
    adminId: string,
  ) {
    return recordAudit(tx, {
      entity: 'phrase',
      entityId: null,
      entityLabel: `${phrase} (${language}, ${category})`,
      action,
      actorId: adminId,
      at: this.clock(),
    });
  }
}

async function remove(db: Executor, language: string, category: string, phrase: string) {
  await db.execute(
    sql`delete from risky_phrase_edits where language = ${language} and category = ${category} and phrase = ${phrase}`,
  );
}

/** Whether a phrase holds a word the matcher can read (not only punctuation). */
export const hasWords = (phrase: string) => compact(phrase) !== '';

/** A phrase must hold a word the matcher can read (not only punctuation). */
function checked(phrase: string): string {
  if (!hasWords(phrase))
    throw new ValidationError(phraseMessages.phraseNoWords, { phrase: phraseMessages.phraseNoWords });
  return phrase;
}

function listFrom(rows: readonly EditRow[]): RiskyPhraseItem[] {
  const items: RiskyPhraseItem[] = [];
  const byKey = new Map(rows.map((r) => [`${r.language}\u0000${r.category}\u0000${r.phrase}`, r]));
  const item = (language: string, category: string, phrase: string, source: 'shipped' | 'admin') => {
    const edit = byKey.get(`${language}\u0000${category}\u0000${phrase}`);
    items.push({
      language: language as RiskyPhraseItem['language'],
      category: category as RiskyPhraseItem['category'],
      phrase,
      source,
      removed: edit?.removed ?? false,
      changedAt: edit ? iso(edit.changed_at) : null,
      changedBy: edit?.changed_by ? { _id: edit.changed_by, name: edit.changed_by_name ?? '' } : null,
    });
  };
  for (const [language, list] of Object.entries(shippedPhraseLists))
    for (const [category, phrases] of Object.entries(list))
      if (Array.isArray(phrases)) for (const phrase of phrases) item(language, category, phrase, 'shipped');
  for (const row of rows) if (!row.removed) item(row.language, row.category, row.phrase, 'admin');
  return items.sort(
    (a, b) =>
      a.language.localeCompare(b.language) || a.category.localeCompare(b.category) || a.phrase.localeCompare(b.phrase),
  );
}
