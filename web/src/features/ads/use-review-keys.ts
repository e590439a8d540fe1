import { useEffect, useRef, type RefObject } from 'react';

export interface ShortcutGroup {
  title: string;
  shortcuts: ReadonlyArray<{ keys: string[]; action: string }>;
}

/**
 * Every review shortcut, as the help dialog (`?`) lists it: on the list, in the side panel, and in
 * the confirmations. A full review of one ad is `j`, `a`, Enter.
 */
export const REVIEW_SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'List',
    shortcuts: [
      { keys: ['j', 'k'], action: 'Next / previous advertisement' },
      { keys: ['Enter', 'v'], action: 'View the advertisement' },
      { keys: ['x'], action: 'Select or unselect it' },
      { keys: ['a'], action: 'Approve it' },
      { keys: ['r'], action: 'Reject it' },
      { keys: ['n', 'p'], action: 'Next / previous page' },
      { keys: ['/'], action: 'Search' },
      { keys: ['?'], action: 'Show these shortcuts' },
    ],
  },
  {
    title: 'Side panel',
    shortcuts: [
      { keys: ['a'], action: 'Approve the advertisement' },
      { keys: ['r'], action: 'Reject the advertisement' },
      { keys: ['Esc'], action: 'Close the panel' },
    ],
  },
  {
    title: 'Confirmations',
    shortcuts: [
      { keys: ['Enter'], action: 'Approve (the button is focused)' },
      { keys: ['Alt', '1…9'], action: 'Fill the reason with a template' },
      { keys: ['Ctrl', 'Enter'], action: 'Reject with the reason typed' },
      { keys: ['Esc'], action: 'Cancel' },
    ],
  },
];

export interface ReviewKeyActions<Row> {
  rows: readonly Row[];
  /** The focused row, or -1. */
  focusedIndex: number;
  /** Moves the row focus (the caller also moves the browser's focus to the row). */
  focusRow: (index: number) => void;
  open: (row: Row) => void;
  toggle: (row: Row) => void;
  approve: (row: Row) => void;
  reject: (row: Row) => void;
  nextPage: () => void;
  previousPage: () => void;
  focusSearch: () => void;
  showHelp: () => void;
}

/** A key typed into a field belongs to the field. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A dialog, side panel or open menu has the keyboard. */
function somethingOnTop(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/**
 * Keyboard review on the ads directory: j/k, Enter or v, x, a, r, n/p, / and ?. A shortcut never
 * fires while a field has the keyboard, while a dialog is open, or with Ctrl, Alt or Meta held
 * (those belong to the browser).
 */
export function useReviewKeys<Row>(actions: ReviewKeyActions<Row>) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (isTyping(event.target) || somethingOnTop()) return;
      const a = latest.current;
      const row = a.focusedIndex >= 0 ? a.rows[a.focusedIndex] : undefined;
      const onRow = (act: (row: Row) => void) => {
        if (row !== undefined) act(row);
      };
      switch (event.key) {
        case 'j':
          if (a.rows.length > 0) a.focusRow(Math.min(a.focusedIndex + 1, a.rows.length - 1));
          break;
        case 'k':
          if (a.rows.length > 0) a.focusRow(Math.max(a.focusedIndex - 1, 0));
          break;
        case 'Enter':
          // Enter on a button or link is that control's own; a focused row handles its own Enter.
          if (event.target !== document.body) return;
          onRow(a.open);
          break;
        case 'v':
          onRow(a.open);
          break;
        case 'x':
          onRow(a.toggle);
          break;
        case 'a':
          onRow(a.approve);
          break;
        case 'r':
          onRow(a.reject);
          break;
        case 'n':
          a.nextPage();
          break;
        case 'p':
          a.previousPage();
          break;
        case '/':
          a.focusSearch();
          break;
        case '?':
          a.showHelp();
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * `a` and `r` inside the side panel (whose dialog the list's keys leave alone): approve or reject
 * the ad shown. Only while the panel is the top-most dialog (not under a confirmation or the
 * lightbox) and no field has the keyboard; `inside` is any element within the panel.
 */
export function usePanelReviewKeys(
  inside: RefObject<HTMLElement | null>,
  actions: { approve: () => void; reject: () => void },
  enabled: boolean,
) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (event.key !== 'a' && event.key !== 'r') return;
      const panel = inside.current?.closest('[role="dialog"]');
      if (!panel || isTyping(event.target)) return;
      const onTop = document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]');
      if (onTop.length !== 1 || onTop[0] !== panel) return;
      event.preventDefault();
      if (event.key === 'a') latest.current.approve();
      else latest.current.reject();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, inside]);
}
