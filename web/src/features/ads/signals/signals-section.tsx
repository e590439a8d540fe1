import { useId } from 'react';
import { adImageUrl, type Advertisement } from '@backoffice/contract';
import { ImageOff } from 'lucide-react';
import { Thumbnail } from '../../../components/ui';
import { orderSignals } from './signal-kinds';
import { RiskBadge, SignalChip } from './signal-chips';
import { SignalEvidence } from './signal-evidence';
import { useAdSignalsQuery } from './signals-api';

export const signalsText = {
  notChecked: 'Not checked yet',
  /** An image the analysis could not read: its photo was not checked, the text was. */
  unreadable: (n: string) => `${n} could not be read: its photo was not checked`,
  none: 'No signals',
  failed: 'Failed to load the signals',
};

/**
 * The panel's `Signals` (docs/product.md#ads-moderation): the ad's risk and every signal the machine
 * found, each with its evidence: the contact or phrase marked in the ad's text, the ads it repeats,
 * the accounts behind its phone, the category's usual price. Signals inform; nothing here decides.
 */
export function SignalsSection({ ad }: { ad: Advertisement }) {
  const { data, isLoading, isError } = useAdSignalsQuery(ad._id);
  const headingId = useId();
  const signals = orderSignals(data?.signals ?? []);
  const empty = data && signals.length === 0;
  const unreadable = (data?.unreadableImages ?? []).map((path) => {
    const index = ad.images.indexOf(path);
    return { path, name: index >= 0 ? `Image ${index + 1}` : path };
  });
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-slate-800 bg-slate-950/40 p-4">
      <div className="flex items-center gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-200">
          Signals
        </h4>
        {data && <RiskBadge risk={data.risk} />}
      </div>
      {isLoading ? (
        <p className="mt-2 text-sm text-slate-400">Loading…</p>
      ) : isError ? (
        <p className="mt-2 text-sm text-rose-300">{signalsText.failed}</p>
      ) : empty ? (
        <p className="mt-2 text-sm text-slate-400">{data.risk === null ? signalsText.notChecked : signalsText.none}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {signals.map((signal, i) => (
            <li key={`${signal.kind}-${i}`} data-signal={signal.kind} className="space-y-1">
              <SignalChip kind={signal.kind} />
              <SignalEvidence signal={signal} ad={ad} />
            </li>
          ))}
        </ul>
      )}
      {unreadable.length > 0 && (
        <ul aria-label="Unreadable images" className="mt-3 space-y-2">
          {unreadable.map((u) => (
            <li key={u.path} className="flex items-center gap-2 text-sm text-amber-200">
              <Thumbnail src={adImageUrl(u.path)} alt={u.name} compact className="size-10 rounded-md" />
              <ImageOff className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">{signalsText.unreadable(u.name)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
