import type { ReactNode } from 'react';

/**
 * One entry of a row's `⋯` menu. A file of its own so that the lazily loaded menu (radix-parts.tsx)
 * and the button that loads it (row-menu.tsx) both use it without importing each other in a circle.
 */
export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
  /** Shown but not selectable; `hint` says why (e.g. "Being reviewed by NAME"). */
  disabled?: boolean;
  /** A second line under the label. */
  hint?: string;
}
