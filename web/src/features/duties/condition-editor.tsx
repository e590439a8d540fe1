import { useId, useRef, useState } from 'react';
import { Bold, Link2, X } from 'lucide-react';
import { MAX_DUTY_CONDITION, dutyMessages, isSafeDutyHref } from '@backoffice/contract';
import { Button, IconButton, Modal, TextField, cx, inputClass } from '../../components/ui';
import { RichText } from './rich-text';

/** Text safe inside a double-quoted HTML attribute. */
function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `text` with its [start, end) selection wrapped in `open` … `close`; the new selection covers the wrapped text. */
export function wrapSelection(text: string, start: number, end: number, open: string, close: string, fill = '') {
  const inner = text.slice(start, end) || fill;
  const next = text.slice(0, start) + open + inner + close + text.slice(end);
  return { text: next, selectionStart: start + open.length, selectionEnd: start + open.length + inner.length };
}

export interface ConditionEditorProps {
  index: number;
  value: string;
  onChange: (value: string) => void;
  /** docs/product.md#duties: removal only while more than one condition remains. */
  canRemove: boolean;
  onRemove: () => void;
}

/**
 * One condition: a textarea holding its HTML, with Bold (wraps the selection in <b>…</b>) and
 * Link (asks for the URL in a dialog, then wraps the selection in <a href="…">…</a>).
 */
export function ConditionEditor({ index, value, onChange, canRemove, onRemove }: ConditionEditorProps) {
  const n = index + 1;
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [linking, setLinking] = useState<{ start: number; end: number } | null>(null);
  const [url, setUrl] = useState('https://');
  const [urlError, setUrlError] = useState<string | null>(null);
  const urlId = `${id}-url`;

  function apply(result: ReturnType<typeof wrapSelection>) {
    onChange(result.text);
    // After React has put the new text in, select what was wrapped.
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(result.selectionStart, result.selectionEnd);
    });
  }

  function bold() {
    const el = area.current;
    if (!el) return;
    apply(wrapSelection(value, el.selectionStart, el.selectionEnd, '<b>', '</b>'));
  }

  function startLink() {
    const el = area.current;
    setLinking({ start: el?.selectionStart ?? value.length, end: el?.selectionEnd ?? value.length });
    setUrl('https://');
    setUrlError(null);
  }

  function insertLink(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!linking) return;
    const href = url.trim();
    if (!isSafeDutyHref(href)) {
      setUrlError(dutyMessages.linkInvalid);
      document.getElementById(urlId)?.focus();
      return;
    }
    setLinking(null);
    apply(wrapSelection(value, linking.start, linking.end, `<a href="${escapeAttribute(href)}">`, '</a>', href));
  }

  return (
    <div className="rounded-lg border border-slate-800 bg-slate-950/40 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-300">
          Condition {n}
        </label>
        <div role="group" aria-label={`Condition ${n} formatting`} className="flex items-center gap-1">
          <Button variant="ghost" size="sm" icon={<Bold className="size-4" aria-hidden="true" />} onClick={bold}>
            Bold
          </Button>
          <Button variant="ghost" size="sm" icon={<Link2 className="size-4" aria-hidden="true" />} onClick={startLink}>
            Link
          </Button>
          <IconButton
            aria-label={`Remove condition ${n}`}
            title={canRemove ? undefined : 'At least one condition stays'}
            disabled={!canRemove}
            onClick={onRemove}
            className="size-8 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <X className="size-4" aria-hidden="true" />
          </IconButton>
        </div>
      </div>
      <textarea
        id={id}
        ref={area}
        rows={3}
        value={value}
        maxLength={MAX_DUTY_CONDITION}
        placeholder="e.g. Review each ad within <b>24 hours</b>"
        onChange={(e) => onChange(e.target.value)}
        className={cx(inputClass, 'resize-y font-mono text-sm')}
      />
      {/<[a-z]/i.test(value) && (
        <p className="mt-2 text-sm text-slate-300">
          <span className="mr-2 text-xs font-medium tracking-wide text-slate-400 uppercase">Preview</span>
          <RichText html={value} />
        </p>
      )}
      {linking && (
        <Modal
          title="Insert link"
          onClose={() => setLinking(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setLinking(null)}>
                Cancel
              </Button>
              <Button type="submit" form={`${id}-link`}>
                Insert link
              </Button>
            </>
          }
        >
          <form id={`${id}-link`} noValidate onSubmit={insertLink}>
            <TextField
              id={urlId}
              data-autofocus
              label={dutyMessages.linkUrlLabel}
              type="url"
              value={url}
              error={urlError}
              onChange={(e) => {
                setUrl(e.target.value);
                setUrlError(null);
              }}
            />
            <p className="mt-2 text-xs text-slate-400">
              The selected text becomes the link; http, https and mailto links only.
            </p>
          </form>
        </Modal>
      )}
    </div>
  );
}
