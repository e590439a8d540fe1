import type { Advertisement } from '@backoffice/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatAdId, formatPrice } from '../ad-format';
import {
  accountAge,
  categoryName,
  contactTypes,
  excerptPieces,
  fieldNames,
  invalidPhoneReasons,
  languageName,
  percent,
} from './evidence-text';
import type { AdSignal, SignalOf, TextSpan } from './signal-types';

const line = 'text-sm text-slate-300';
const code = 'rounded bg-slate-800 px-1 font-mono text-xs text-slate-100 tabular-nums';

/** The ad's text around the evidence, the evidence marked, per field (Heading, Details). */
export function MarkedExcerpts({ ad, spans }: { ad: Pick<Advertisement, 'heading' | 'details'>; spans: TextSpan[] }) {
  const fields = (['heading', 'details'] as const).filter((f) => spans.some((s) => s.field === f));
  return (
    <>
      {fields.map((field) => (
        <p
          key={field}
          className="mt-1 rounded-md border border-slate-800 bg-slate-950/60 px-2 py-1 text-sm break-words whitespace-pre-wrap text-slate-300"
        >
          <span className="mr-1 text-xs font-medium text-slate-400 uppercase">{fieldNames[field]}</span>
          {excerptPieces(
            ad[field],
            spans.filter((s) => s.field === field),
          ).map((piece, i) =>
            piece.marked ? (
              <mark key={i} className="rounded bg-amber-400/25 px-0.5 text-amber-100 ring-1 ring-amber-400/40">
                {piece.text}
              </mark>
            ) : (
              <span key={i}>{piece.text}</span>
            ),
          )}
        </p>
      ))}
    </>
  );
}

/** What the panel says under a signal's chip: the evidence the server stored for it. */
export function SignalEvidence({ signal, ad }: { signal: AdSignal; ad: Advertisement }) {
  switch (signal.kind) {
    case 'contact_in_text': {
      const { contacts } = signal.evidence;
      return (
        <>
          <MarkedExcerpts ad={ad} spans={contacts} />
          <ul className="mt-1 space-y-0.5">
            {contacts.map((c, i) => (
              <li key={i} className={line}>
                {`${contactTypes[c.type] ?? c.type} `}
                <span className={code}>{c.text}</span>
                {c.phone && c.phone !== c.text && <span className="text-slate-400">{` (${c.phone})`}</span>}
              </li>
            ))}
          </ul>
        </>
      );
    }
    case 'risky_phrase': {
      const { phrases } = signal.evidence;
      return (
        <>
          <MarkedExcerpts ad={ad} spans={phrases} />
          <ul className="mt-1 space-y-0.5">
            {phrases.map((p, i) => (
              <li key={i} className={line}>
                <span className={code}>{p.text}</span>
                {` ${categoryName(p.category)}`}
                {p.language && <span className="text-slate-400">{` · ${languageName(p.language)}`}</span>}
              </li>
            ))}
          </ul>
        </>
      );
    }
    case 'invalid_phone':
      return (
        <p className={line}>
          <span className={code}>{signal.evidence.phone || '-'}</span> {invalidPhoneReasons[signal.evidence.reason]}
        </p>
      );
    case 'price_outlier':
      return <PriceEvidence evidence={signal.evidence} />;
    case 'reported':
      return (
        <p className={line}>
          {`${signal.evidence.reports} open ${signal.evidence.reports === 1 ? 'report' : 'reports'} from the public (weight ${signal.evidence.weight}); see Bug Reports.`}
        </p>
      );
    case 'new_account': {
      const { firstAd, accountAgeHours } = signal.evidence;
      const parts = [
        firstAd ? 'The advertiser’s first ad.' : null,
        accountAgeHours !== null && accountAgeHours < 24
          ? `The account was ${accountAge(accountAgeHours)} old when it was posted.`
          : null,
      ];
      return <p className={line}>{parts.filter(Boolean).join(' ')}</p>;
    }
    case 'repeat_offender':
      return (
        <p className={line}>
          {`The advertiser had ${signal.evidence.activeStrikes} active strikes (rejected ads) when it was posted.`}
        </p>
      );
    case 'duplicate_text':
      return (
        <p className={line}>
          {'Near-duplicate text of '}
          {signal.evidence.duplicates.map((d) => `${formatAdId(d.adId)} (${percent(d.similarity)} alike)`).join(', ')}
          {'; side by side under Duplicates.'}
        </p>
      );
    case 'duplicate_image':
    case 'stolen_image':
      return (
        <ul className="space-y-0.5">
          {signal.evidence.matches.map((m, i) => (
            <li key={i} className={line}>
              {`Image ${m.image + 1} is image ${m.otherImage + 1} of ${formatAdId(m.otherAdId)}`}
              {signal.kind === 'stolen_image' ? ', posted by another advertiser.' : ', posted by the same advertiser.'}
            </li>
          ))}
        </ul>
      );
    case 'phone_reuse':
      return <PhoneAccounts evidence={signal.evidence} />;
    case 'blocked_phone':
      return (
        <ul className="space-y-0.5">
          {signal.evidence.phones.map((p, i) => (
            <li key={i} className={line}>
              <span className={code}>{p.phone}</span>
              {` (${phoneSources[p.source]}) is on the blocklist.`}
            </li>
          ))}
        </ul>
      );
    default:
      return null;
  }
}

const phoneSources = { contact: 'the contact number', text: 'in the text' } as const;

/** Each number and the other accounts with ads carrying it, each a link to the user page. */
function PhoneAccounts({ evidence }: { evidence: SignalOf<'phone_reuse'>['evidence'] }) {
  return (
    <ul className="space-y-1">
      {evidence.phones.map((p, i) => (
        <li key={i} className={line}>
          <span className={code}>{p.phone}</span>
          {` (${phoneSources[p.source]}) is also used by ${p.accounts.length === 1 ? '1 other account' : `${p.accounts.length} other accounts`}:`}
          <ul aria-label={`Accounts using ${p.phone}`} className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1">
            {p.accounts.map((a) => (
              <li key={a.userId}>
                <Link
                  to={paths.userDetail(a.userId)}
                  className="text-indigo-300 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  {a.username}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The price against the category's usual range, in words and on a bar (log scale). */
function PriceEvidence({ evidence: p }: { evidence: SignalOf<'price_outlier'>['evidence'] }) {
  const low = Math.log10(Math.max(1, Math.min(p.usualLow, p.price) / 2));
  const high = Math.log10(Math.max(p.usualHigh, p.price) * 2);
  const at = (x: number) => `${((Math.log10(Math.max(1, x)) - low) / (high - low)) * 100}%`;
  return (
    <>
      <p className={line}>
        {`${formatPrice(p.price)} is far ${p.direction} the usual price in ${p.category || 'this category'}: `}
        {`about ${formatPrice(p.usual)}, usually ${formatPrice(p.usualLow)} – ${formatPrice(p.usualHigh)}`}
        {p.sample > 0 && (
          <span className="text-slate-400">{` (from ${p.sample.toLocaleString('en-LK')} priced ads)`}</span>
        )}
      </p>
      <div aria-hidden="true" className="relative mt-2 h-2 rounded-full bg-slate-800">
        <div
          className="absolute inset-y-0 rounded-full bg-emerald-500/40"
          style={{ left: at(p.usualLow), right: `calc(100% - ${at(p.usualHigh)})` }}
        />
        <div className="absolute -top-1 h-4 w-1 -translate-x-1/2 rounded bg-amber-300" style={{ left: at(p.price) }} />
      </div>
    </>
  );
}
