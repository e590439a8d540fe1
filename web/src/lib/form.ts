import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { applyFieldErrors } from '@backoffice/contract/field-errors';

// The forms validate with the contract's schemas, in our sentences (loaded with the forms only).
applyFieldErrors();

/**
 * Focuses the first field marked invalid inside `container`, after the render that marks it: call
 * the returned function where the errors are set (a failed check, a 400). An effect, not an
 * animation frame, so it happens once the fields are marked, however slow the machine.
 */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>) {
  const pending = useRef(false);
  const [, setRequests] = useState(0);
  // After every render: the errors and the request may land in different renders.
  useEffect(() => {
    if (!pending.current) return;
    const field = container.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    pending.current = false;
    field.focus();
  });
  return useCallback(() => {
    pending.current = true;
    setRequests((n) => n + 1);
  }, []);
}

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
 * A resolver from a rule function that names each invalid field's message (the contract's
 * validateUserEdit, the banner's validateBanner), for forms whose rules are not one schema.
 */
export function checkResolver<T extends FieldValues>(
  check: (values: T) => Partial<Record<string, string>>,
): Resolver<T> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(check(values))) {
      if (message) errors[field] = { type: 'validate', message };
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors: errors as FieldErrors<T> };
  };
}
