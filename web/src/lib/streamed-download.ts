import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { signOut } from './session-events';

export type DownloadPhase = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export interface DownloadState {
  phase: DownloadPhase;
  /** Data rows received so far (the header row and line breaks inside quoted cells not counted). */
  rows: number;
  bytes: number;
  /** The server's message, or the fallback, when the download failed. */
  error: string | null;
}

const idle: DownloadState = { phase: 'idle', rows: 0, bytes: 0, error: null };

/**
 * Counts CSV records in a stream of text: a line break ends a record unless it sits inside a quoted
 * cell (ad details span lines). A doubled quote inside a cell flips the state twice, so it needs no
 * special case.
 */
export function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    push(text: string) {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 34) quoted = !quoted;
        else if (c === 10 && !quoted) records++;
      }
      return records;
    },
  };
}

/** The file name of `Content-Disposition: attachment; filename="…"`, if any. */
export function attachmentName(header: string | null): string | null {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

async function errorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Downloads a CSV through fetch so the screen can show what has arrived and cancel it; the file is
 * saved from a Blob once complete. (Where no progress is needed, a plain `<a download>` lets the
 * browser stream to disk instead.)
 */
export function useStreamedDownload(failedText: string) {
  const dispatch = useDispatch();
  const [state, setState] = useState<DownloadState>(idle);
  const controller = useRef<AbortController | null>(null);
  const reader = useRef<ReadableStreamDefaultReader<Uint8Array> | null>(null);
  const objectUrl = useRef<string | null>(null);

  const forgetFile = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  useEffect(
    () => () => {
      controller.current?.abort();
      forgetFile();
    },
    [],
  );

  const start = useCallback(
    async (url: string, fallbackName: string) => {
      controller.current?.abort();
      forgetFile();
      const abort = new AbortController();
      controller.current = abort;
      setState({ ...idle, phase: 'running' });
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      const counter = csvRecordCounter();
      let bytes = 0;
      let rows = 0;
      try {
        const response = await fetch(url, { credentials: 'include', signal: abort.signal });
        if (!response.ok || !response.body) {
          if (response.status === 401) dispatch(signOut());
          setState({ ...idle, phase: 'failed', error: await errorMessage(response, failedText) });
          return;
        }
        const decoder = new TextDecoder();
        reader.current = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.current.read();
          if (done || abort.signal.aborted) break;
          chunks.push(value as Uint8Array<ArrayBuffer>);
          bytes += value.byteLength;
          // The first record is the header row.
          rows = Math.max(0, counter.push(decoder.decode(value, { stream: true })) - 1);
          setState({ phase: 'running', rows, bytes, error: null });
        }
        if (abort.signal.aborted) {
          setState({ phase: 'cancelled', rows, bytes, error: null });
          return;
        }
        const blob = new Blob(chunks, { type: 'text/csv;charset=utf-8' });
        objectUrl.current = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = objectUrl.current;
        link.download = attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName;
        document.body.append(link);
        link.click();
        link.remove();
        setState({ phase: 'done', rows, bytes, error: null });
      } catch {
        if (abort.signal.aborted) setState({ phase: 'cancelled', rows, bytes, error: null });
        else setState({ phase: 'failed', rows, bytes, error: failedText });
      } finally {
        reader.current = null;
        if (controller.current === abort) controller.current = null;
      }
    },
    [dispatch, failedText],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    // A stream that does not watch the signal still ends its pending read.
    void reader.current?.cancel().catch(() => {});
  }, []);

  return { ...state, start, cancel };
}
