import { useEffect, useState, type RefObject } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * The first message of each top-level field, as the screens show them: an error inside a list
 * (`features.2`) is the list's error.
 */
export function firstErrors<T extends FieldValues>(errors: FieldErrors<T>): Partial<Record<keyof T & string, string>> {
  const found: Partial<Record<string, string>> = {};
  const first = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'type' || key === 'types') continue;
      const inner = first(child);
      if (inner) return inner;
    }
    return undefined;
  };
  for (const [field, node] of Object.entries(errors)) {
    const message = first(node);
    if (message) found[field] = message;
  }
  return found as Partial<Record<keyof T & string, string>>;
}

/** A 400's per-field messages under their fields (`features.2` goes to `features`). */
export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  serverErrors: Record<string, string>,
  fields: readonly string[],
) {
  const shown = new Set<string>();
  for (const [path, message] of Object.entries(serverErrors)) {
    const field = path.split('.')[0]!;
    if (!fields.includes(field) || shown.has(field)) continue;
    shown.add(field);
    setError(field as Path<T>, { type: 'server', message });
  }
}

/**
 * Moves focus to the form's first invalid field once the errors are on screen. The request is kept
 * until a render shows an invalid field, so it never depends on how fast the errors render.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, errors: object): () => void {
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (pending === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    invalid.focus();
    setPending(0);
  }, [pending, errors, formRef]);
  return () => setPending((n) => n + 1);
}
