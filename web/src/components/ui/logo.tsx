import { cx } from './cx';

/** Text-and-mark logo, "AdMarket Admin". */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-indigo-500" />
        <path
          d="M9 22 14.5 9h3L23 22h-3.2l-1.1-2.8h-5.4L12.2 22H9Zm5.3-5.5h3.4L16 12.1l-1.7 4.4Z"
          className="fill-white"
        />
      </svg>
      <span className="text-lg font-semibold tracking-tight text-slate-100">
        AdMarket <span className="text-indigo-300">Admin</span>
      </span>
    </span>
  );
}
