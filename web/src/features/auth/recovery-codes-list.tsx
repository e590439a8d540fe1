import { useState } from 'react';
import { Copy } from 'lucide-react';
import { Button } from '../../components/ui';

/**
 * The recovery codes, shown once (docs/decisions/0032-two-factor.md): each signs in once when the
 * authenticator app is lost. `onDone` once the admin says they are kept.
 */
export function RecoveryCodesList({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-slate-100">
        Recovery codes
      </h2>
      <p className="text-sm text-slate-300">
        Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown
        only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-950/60 p-4 font-mono text-sm text-slate-100 ring-1 ring-slate-800"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}
