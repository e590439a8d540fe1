/** Counts and LKR amounts as the rest of the app shows them (docs/ui-style.md: en-LK grouping). */
export const formatCount = (n: number) => n.toLocaleString('en-LK');
export const formatLkr = (n: number) =>
  `LKR ${n.toLocaleString('en-LK', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
export const formatLkrShort = (n: number) =>
  `LKR ${new Intl.NumberFormat('en-LK', { notation: 'compact', maximumFractionDigits: 1 }).format(n)}`;

/** Category slice colours (hex for SVG): indigo, emerald, amber, then slate for Others. */
export const SLICE_COLOURS = ['#6366f1', '#10b981', '#f59e0b'] as const;
export const OTHERS_COLOUR = '#64748b';
/** docs/ui-style.md: Regular ads violet, Digital ads sky. */
export const REGULAR_COLOUR = '#8b5cf6';
export const DIGITAL_COLOUR = '#0ea5e9';
