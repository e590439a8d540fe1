import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/**
 * Focus handling shared by Modal and SidePanel (docs/ui-style.md): focus moves into the dialog when it
 * opens (to `initialFocus`, else an element marked `data-autofocus`, else the container itself, so a
 * permanent action is never focused by default), Tab stays inside, Escape asks to close, and focus returns to the opener on close.
 * Returns the keydown handler for the dialog element. Events stop there so that a dialog opened
 * from inside another one (a lightbox over the side panel) closes alone.
 */
export function useDialogFocus(
  containerRef: RefObject<HTMLElement | null>,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });

  // If focus is lost to <body> (the focused button was removed or disabled), Escape still closes
  // the top-most dialog.
  useEffect(() => {
    function onDocumentKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (dialogs[dialogs.length - 1] !== containerRef.current) return;
      event.preventDefault();
      escape.current();
    }
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [containerRef]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    const target = initialFocus?.current ?? container?.querySelector<HTMLElement>('[data-autofocus]') ?? container;
    target?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening: the refs are stable and the opener is read at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const container = containerRef.current;
    if (!container) return;
    event.stopPropagation();
    const items = focusables(container);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === container)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
