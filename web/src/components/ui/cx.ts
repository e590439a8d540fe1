import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, skipping falsy entries; where two Tailwind classes clash, the later one (the caller's) wins. */
export function cx(...parts: ClassValue[]): string {
  return twMerge(clsx(parts));
}
