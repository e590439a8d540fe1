import { useEffect, useId, useState } from 'react';
import { adImageUrl, thumbnailUrl, type Advertisement } from '@backoffice/contract';
import { X } from 'lucide-react';
import { Badge, Button, StatusBadge, Thumbnail, checkboxClass, cx, type BannerMessage } from '../../../components/ui';
import { useCan } from '../../../lib/permissions';
import { formatAdDate, formatAdId } from '../ad-format';
import { ModerationModals } from '../moderation-modals';
import { adTarget } from '../moderation-text';
import { useAdModeration } from '../use-ad-moderation';
import { percent } from './evidence-text';
import type { AdDuplicate } from './signal-types';
import { useAdDuplicatesQuery, useAdSignalsQuery, useDuplicateAdQuery, useLazyDuplicateAdQuery } from './signals-api';

const THUMBS = 3;
/** The group shows this many duplicates (text matches first, then the most alike); the rest are counted. */
export const GROUP_SHOWN = 8;

export const duplicatesText = {
  thisAd: 'This ad',
  sameText: (similarity: number) => `${percent(similarity)} same text`,
  samePhoto: 'Same photo',
  open: 'Open',
  rejectSelected: (n: number) => (n === 0 ? 'Reject selected' : `Reject ${n} selected`),
  hint: 'Tick the reposts to reject them together.',
  failed: 'Failed to load the duplicates',
  openFailed: 'Failed to open the advertisement',
  more: (n: number) => `and ${n} more not shown`,
};

/** Reposts of the same text first (the surest), then photo matches; the most alike first in each. */
const byKindThenSimilarity = (a: AdDuplicate, b: AdDuplicate) =>
  (a.via === b.via ? 0 : a.via === 'text' ? -1 : 1) || b.similarity - a.similarity;

/** One ad of the group: the ad shown (`self`) or one of its near-duplicates. */
interface Member {
  _id: string;
  heading: string;
  username: string;
  status: Advertisement['status'];
  images: string[];
  thumbnails?: Advertisement['thumbnails'];
  postingDate: string;
  self: boolean;
  duplicate?: AdDuplicate;
  /** The image that is the same photo as one of the other side's (shown first). */
  matched?: number;
}

/** Up to THUMBS of an ad's images, the matched photo first and ringed. */
function Photos({ member }: { member: Member }) {
  const first = member.matched ?? 0;
  const order = [first, ...member.images.map((_, i) => i).filter((i) => i !== first)]
    .filter((i) => member.images[i] !== undefined)
    .slice(0, THUMBS);
  if (order.length === 0) return <p className="mt-2 text-xs text-slate-500">No images</p>;
  return (
    <div className="mt-2 flex gap-1.5">
      {order.map((i) => (
        <Thumbnail
          key={i}
          src={thumbnailUrl(adImageUrl(member.images[i]!), 96, member.thumbnails?.[i])}
          fallbackSrc={member.thumbnails ? adImageUrl(member.images[i]!) : null}
          alt={`Image ${i + 1} of ${member.heading}`}
          compact
          className={cx('size-16 rounded-md', member.matched === i && 'ring-2 ring-amber-400/70')}
        />
      ))}
    </div>
  );
}

function MemberCard({
  member,
  checked,
  onToggle,
  onOpen,
}: {
  member: Member;
  checked: boolean;
  onToggle: () => void;
  onOpen?: () => void;
}) {
  const id = formatAdId(member._id);
  const d = member.duplicate;
  return (
    <li
      data-duplicate-id={member._id}
      className={cx(
        'min-w-0 rounded-lg border bg-slate-900 p-3',
        checked ? 'border-rose-500/50' : 'border-slate-800',
        member.self && 'ring-1 ring-indigo-500/40',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {member.status === 'pending' && (
          <input
            type="checkbox"
            className={checkboxClass}
            aria-label={`Select advertisement ${id}`}
            checked={checked}
            onChange={onToggle}
          />
        )}
        <span className="font-mono text-xs text-slate-400">{id}</span>
        <StatusBadge status={member.status} />
        {member.self && <Badge tone="slate">{duplicatesText.thisAd}</Badge>}
      </div>
      <p className="mt-1.5 line-clamp-2 text-sm font-medium break-words text-slate-100" title={member.heading}>
        {member.heading}
      </p>
      <p className="truncate text-xs text-slate-400">
        {member.username} · <span className="tabular-nums">{formatAdDate(member.postingDate)}</span>
        {d && ` · ${d.via === 'image' ? duplicatesText.samePhoto : duplicatesText.sameText(d.similarity)}`}
      </p>
      <Photos member={member} />
      {onOpen && (
        <Button size="sm" variant="secondary" className="mt-2" aria-label={`Open advertisement ${id}`} onClick={onOpen}>
          {duplicatesText.open}
        </Button>
      )}
    </li>
  );
}

/**
 * The duplicates view (docs/product.md#ads-moderation): the ad shown beside its near-duplicates
 * (GET /api/advertisements/{id}/duplicates), each with its photos and how alike it is, each
 * openable in the panel. The moderator ticks the reposts and rejects them in one bulk action, with
 * the bulk rejection's confirmation and its per-item outcome.
 */
export function DuplicatesGroup({
  ad,
  onOpenAd,
  onMessage,
  onSelfDecided,
}: {
  ad: Advertisement;
  onOpenAd?: (ad: Advertisement) => void;
  onMessage: (message: BannerMessage) => void;
  /** The ad shown was decided in the group's bulk action (it may have left the list the panel follows). */
  onSelfDecided?: (ad: Advertisement) => void;
}) {
  const { data: duplicates, isError } = useAdDuplicatesQuery(ad._id);
  const canModerate = useCan('ads.moderate');
  // The ad shown as the server has it now: refetched after a bulk decision (tag Ads).
  const { data: fresh } = useDuplicateAdQuery(ad._id, { skip: !duplicates?.length });
  const decided = ad.status === 'pending' && fresh && fresh._id === ad._id && fresh.status !== 'pending' ? fresh : null;
  useEffect(() => {
    if (decided) onSelfDecided?.(decided);
  }, [decided, onSelfDecided]);
  // A photo match says which image of this ad and of the other are the same photo.
  const { data: found } = useAdSignalsQuery(ad._id);
  const matches = (found?.signals ?? []).flatMap((s) =>
    s.kind === 'duplicate_image' || s.kind === 'stolen_image' ? s.evidence.matches : [],
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [getAd] = useLazyDuplicateAdQuery();
  const [openFailed, setOpenFailed] = useState(false);
  const headingId = useId();
  const members: Member[] = [
    { ...ad, status: decided?.status ?? ad.status, self: true, matched: matches[0]?.image },
    ...[...(duplicates ?? [])]
      .sort(byKindThenSimilarity)
      .slice(0, GROUP_SHOWN)
      .map((d) => ({
        ...d,
        self: false,
        duplicate: d,
        matched: matches.find((m) => m.otherAdId === d._id)?.otherImage,
      })),
  ];
  const pendingSelected = members.filter((m) => m.status === 'pending' && selected.has(m._id)).map((m) => m._id);
  const moderation = useAdModeration({
    showResult: onMessage,
    showSelectionMessage: onMessage,
    unselect: (ids) => setSelected((s) => new Set([...s].filter((id) => !ids.includes(id)))),
    onDeleted: () => {},
    describe: (id) => {
      const m = members.find((x) => x._id === id);
      return m ? adTarget(m) : formatAdId(id);
    },
  });

  if (isError) return <p className="mt-6 text-sm text-rose-300">{duplicatesText.failed}</p>;
  if (!duplicates || duplicates.length === 0) return null;
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  async function open(id: string) {
    if (!onOpenAd) return;
    setOpenFailed(false);
    const result = await getAd(id, true);
    if (result.data) onOpenAd(result.data);
    else setOpenFailed(true);
  }

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h4 id={headingId} className="text-sm font-semibold text-slate-200">
        Duplicates <span className="font-normal text-slate-400 tabular-nums">({duplicates.length})</span>
      </h4>
      <p className="mt-1 text-xs text-slate-400">{duplicatesText.hint}</p>
      <ul aria-label="Duplicates" className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {members.map((m) => (
          <MemberCard
            key={m._id}
            member={m}
            checked={selected.has(m._id)}
            onToggle={() => toggle(m._id)}
            onOpen={!m.self && onOpenAd ? () => void open(m._id) : undefined}
          />
        ))}
      </ul>
      {duplicates.length > GROUP_SHOWN && (
        <p className="mt-2 text-xs text-slate-400">{duplicatesText.more(duplicates.length - GROUP_SHOWN)}</p>
      )}
      {openFailed && (
        <p role="alert" className="mt-2 text-sm text-rose-300">
          {duplicatesText.openFailed}
        </p>
      )}
      {canModerate && (
        <div className="mt-3 flex justify-end">
          <Button
            size="sm"
            variant="danger"
            icon={<X className="size-4" aria-hidden="true" />}
            disabled={pendingSelected.length === 0}
            onClick={() => moderation.bulkReject({ pending: pendingSelected, nonPending: [] })}
          >
            {duplicatesText.rejectSelected(pendingSelected.length)}
          </Button>
        </div>
      )}
      <ModerationModals
        dialog={moderation.dialog}
        busy={moderation.busy}
        onCancel={moderation.cancel}
        onConfirm={moderation.confirm}
      />
    </section>
  );
}
