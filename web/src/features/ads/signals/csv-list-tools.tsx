import { useState } from 'react';
import { Download, Upload } from 'lucide-react';
import {
  listCsvMessages,
  MAX_LIST_IMPORT_BYTES,
  type ListImportProblem,
  type ListImportResponse,
} from '@backoffice/contract';
import { Banner, cx, focusRing, Spinner, type BannerMessage } from '../../../components/ui';
import { apiError } from '../../../lib/api';

const buttonLike = cx(
  'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg bg-slate-800 px-3 text-sm font-medium text-slate-100 ring-1 ring-slate-700 hover:bg-slate-700',
  focusRing,
);

/** The bad lines of a refused import: its `errors` are keyed by line number. */
export function importProblems(errors: Record<string, string>): ListImportProblem[] {
  return Object.entries(errors)
    .map(([line, reason]) => ({ line: Number(line), reason }))
    .filter((p) => Number.isInteger(p.line))
    .sort((a, b) => a.line - b.line);
}

/** The file's text (UTF-8). FileReader rather than Blob.text(): every browser and jsdom have it. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

type ImportAnswer = { data: ListImportResponse } | { error: unknown };

/**
 * A list's CSV tools (issue 34.5): "Export CSV" downloads the list (a plain link: the browser saves
 * the file), "Import CSV" sends a chosen file. An import is all or nothing: a refused file's bad
 * lines are listed by number with what is wrong, and nothing was stored.
 */
export function CsvListTools({
  listName,
  columns,
  exportHref,
  onImport,
}: {
  /** The list, for the controls' accessible names ("Import blocked numbers from CSV"). */
  listName: string;
  /** The columns an import reads (others, such as the export's dates, are ignored). */
  columns: string;
  exportHref: string;
  /** Left out for a role that may not change the list: Export only. */
  onImport?: (csv: string) => Promise<ImportAnswer>;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const [problems, setProblems] = useState<ListImportProblem[]>([]);

  async function importFile(file: File) {
    setProblems([]);
    if (file.size > MAX_LIST_IMPORT_BYTES) {
      setMessage({ tone: 'error', text: `${listCsvMessages.importFailed}: it is larger than 1 MB.` });
      return;
    }
    setBusy(true);
    const text = await readText(file).catch(() => null);
    const answer = text === null || !onImport ? null : await onImport(text);
    setBusy(false);
    if (!answer) {
      setMessage({ tone: 'error', text: `${listCsvMessages.importFailed}: it could not be read.` });
      return;
    }
    if ('error' in answer) {
      const failure = apiError(answer.error);
      setMessage({ tone: 'error', text: failure.message ?? listCsvMessages.importFailed });
      setProblems(failure.status === 400 ? importProblems(failure.errors) : []);
      return;
    }
    setMessage({ tone: 'success', text: listCsvMessages.imported(answer.data.added, answer.data.skipped) });
  }

  return (
    <div className="flex flex-col gap-2 border-t border-slate-800 pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <a href={exportHref} download className={buttonLike} aria-label={`Export ${listName} as CSV`}>
          <Download className="size-4" aria-hidden="true" />
          {listCsvMessages.exportCsv}
        </a>
        {onImport && (
          <label className={cx(buttonLike, 'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500')}>
            {busy ? <Spinner /> : <Upload className="size-4" aria-hidden="true" />}
            {listCsvMessages.importCsv}
            <input
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              aria-label={`Import ${listName} from CSV`}
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                // The same file may be chosen again after it is corrected.
                e.target.value = '';
                if (file) void importFile(file);
              }}
            />
          </label>
        )}
        <span className="text-xs text-slate-400">
          Columns: {columns}. A file goes in whole or not at all; entries already listed are skipped.
        </span>
      </div>
      {message && (
        <Banner
          message={message}
          onDismiss={() => {
            setMessage(null);
            setProblems([]);
          }}
        />
      )}
      {problems.length > 0 && (
        <ul aria-label="Lines to correct" className="max-h-40 overflow-y-auto text-sm text-rose-200">
          {problems.map((p) => (
            <li key={p.line}>
              Line {p.line}: {p.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
