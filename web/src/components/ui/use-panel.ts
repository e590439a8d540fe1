import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a side panel takes to slide out; its content stays until then. */
export const SIDE_PANEL_CLOSE_MS = 300;

export type PanelState<T> = T & { open: boolean; key: number };

/**
 * The side panel of a list screen: `show` opens it with its content (a new `key` each time, so
 * a form starts afresh), `close` slides it out and drops the content after SIDE_PANEL_CLOSE_MS.
 */
export function usePanel<T extends object>() {
  const [panel, setPanel] = useState<PanelState<T> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((content: T) => {
    clearTimeout(timer.current);
    setPanel((p) => ({ ...content, open: true, key: (p?.key ?? 0) + 1 }));
  }, []);

  const close = useCallback(() => {
    setPanel((p) => (p ? { ...p, open: false } : p));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPanel(null), SIDE_PANEL_CLOSE_MS);
  }, []);

  /** Changes the content in place (a save that returns the changed record). */
  const update = useCallback((patch: Partial<T>) => setPanel((p) => (p ? { ...p, ...patch } : p)), []);

  return { panel, show, close, update };
}
