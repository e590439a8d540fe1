/** A field's validation message, announced to screen readers; tie it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-rose-300">
      {message}
    </p>
  );
}
