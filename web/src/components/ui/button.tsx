import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-500 text-white hover:bg-indigo-600 disabled:hover:bg-indigo-500',
  secondary: 'bg-slate-800 text-slate-100 ring-1 ring-slate-700 hover:bg-slate-700 disabled:hover:bg-slate-800',
  ghost: 'text-slate-300 hover:bg-slate-800 hover:text-slate-100 disabled:hover:bg-transparent',
  danger: 'bg-rose-600 text-white hover:bg-rose-500 disabled:hover:bg-rose-600',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-11 px-5 text-base gap-2',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner before the label; the caller decides the label text and `disabled`. */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'inline-flex items-center justify-center rounded-lg font-medium transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        focusRing,
        variants[variant],
        sizes[size],
        className,
      )}
      {...rest}
    >
      {loading ? <Spinner /> : icon}
      {children}
    </button>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Required: icon-only buttons are named for assistive technology. */
  'aria-label': string;
  children: ReactNode;
}

export function IconButton({ className, type = 'button', children, ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'inline-flex size-9 items-center justify-center rounded-lg text-slate-400 transition-colors',
        'hover:bg-slate-800 hover:text-slate-100 disabled:opacity-60',
        focusRing,
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}
