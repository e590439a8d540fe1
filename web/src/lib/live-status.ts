import { useSyncExternalStore } from 'react';

/**
 * What the live event stream (app/live-events.ts) knows that is not server data: whether it is
 * connected, and what other admins just did to ads on screen. Kept outside Redux: it belongs to
 * this tab's stream, is never persisted, and only the shell and the table rows read it.
 */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

/** "Approved by Nimal just now" stays beside the row this long. */
export const DECIDED_NOTE_MS = 60_000;

let status: LiveStatus = 'connecting';
let notes: ReadonlyMap<string, string> = new Map();
const noteTimers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setLiveStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  emit();
}

export function setLiveNote(id: string, text: string | null) {
  const next = new Map(notes);
  clearTimeout(noteTimers.get(id));
  noteTimers.delete(id);
  if (text === null) next.delete(id);
  else {
    next.set(id, text);
    noteTimers.set(
      id,
      setTimeout(() => setLiveNote(id, null), DECIDED_NOTE_MS),
    );
  }
  notes = next;
  emit();
}

export function clearLiveNotes() {
  noteTimers.forEach((t) => clearTimeout(t));
  noteTimers.clear();
  notes = new Map();
  emit();
}

export const useLiveStatus = () => useSyncExternalStore(subscribe, () => status);
/** What another admin just did to each ad on screen, by ad id. */
export const useLiveNotes = () => useSyncExternalStore(subscribe, () => notes);
