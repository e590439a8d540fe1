import { useState } from 'react';
import { Link } from 'react-router';
import {
  MAX_REPORT_NOTE,
  MAX_REPORT_REPLY,
  reportKindLabels,
  reportReasonLabels,
  reportStateLabels,
  type ListedReport,
  type ReportUpdateBody,
} from '@backoffice/contract';
import { Badge, Button, Detail, TextAreaField, cx, focusRing } from '../../components/ui';
import { adLink } from '../../lib/activity-format';
import { formatDateTime } from '../../lib/dates';
import { useCan } from '../../lib/permissions';

export const stateTones = { open: 'amber', resolved: 'emerald', dismissed: 'slate' } as const;

const replyStatus = { queued: 'queued', sending: 'sending', sent: 'sent', failed: 'failed' } as const;

export interface ReportPanelProps {
  report: ListedReport;
  meId: string | undefined;
  busy: boolean;
  onChange: (body: ReportUpdateBody) => void;
}

/** One report in the side panel: what was reported and by whom, assignment, note, and closing with a reply. */
export function ReportPanel({ report, meId, busy, onChange }: ReportPanelProps) {
  const [note, setNote] = useState(report.note ?? '');
  const [reply, setReply] = useState('');
  const open = report.state === 'open';
  const mine = report.assignee?._id === meId;
  const canReply = Boolean(report.reporter?.email || report.reporter?.phone);
  // Support only replies (reports.reply); assigning, notes and closing are reports.handle (docs/decisions/0033-roles.md).
  const canHandle = useCan('reports.handle');
  const close = (state: 'resolved' | 'dismissed') =>
    onChange({ state, ...(reply.trim() ? { reply: reply.trim() } : {}) });

  return (
    <div className="space-y-5">
      <dl className="space-y-3">
        <Detail label="State">
          <Badge tone={stateTones[report.state]}>{reportStateLabels[report.state]}</Badge>
        </Detail>
        <Detail label="Kind">{reportKindLabels[report.kind]}</Detail>
        <Detail label="Reason">{reportReasonLabels[report.reason]}</Detail>
        {report.ad && (
          <Detail label="Ad">
            {report.ad._id ? (
              <Link
                to={adLink(report.ad._id, report.ad.heading)}
                className={cx('rounded text-indigo-300 hover:text-indigo-200', focusRing)}
              >
                {report.ad.heading}
              </Link>
            ) : (
              <span>{report.ad.heading} (deleted)</span>
            )}
            {report.ad.status && <span className="ml-2 text-xs text-slate-400">{report.ad.status}</span>}
          </Detail>
        )}
        {report.page && <Detail label="Page">{report.page}</Detail>}
        <Detail label="Text">
          <p className="whitespace-pre-line">{report.text}</p>
        </Detail>
        <Detail label="Reporter">
          {[report.reporter?.email, report.reporter?.phone, report.reporter?.address].filter(Boolean).join(' · ') ||
            'Anonymous'}
        </Detail>
        <Detail label="Times reported">{report.count}</Detail>
        <Detail label="Received">{formatDateTime(report.createdAt)}</Detail>
        <Detail label="Assigned to">
          {report.assignee?.name ?? 'Nobody'}{' '}
          {canHandle && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => onChange({ assignee: mine ? null : (meId ?? null) })}
            >
              {mine ? 'Unassign' : 'Assign to me'}
            </Button>
          )}
        </Detail>
        {report.reply && <Detail label="Reply sent">{report.reply}</Detail>}
        {report.replies.length > 0 && (
          <Detail label="Reply delivery">
            <ul>
              {report.replies.map((m, i) => (
                <li key={i}>
                  {m.channel === 'email' ? 'Email' : 'SMS'} {replyStatus[m.status]}
                  {m.lastError ? `: ${m.lastError}` : ''}
                </li>
              ))}
            </ul>
          </Detail>
        )}
        {!canHandle && report.note && <Detail label="Note">{report.note}</Detail>}
      </dl>
      {canHandle && (
        <div className="space-y-2">
          <TextAreaField
            label="Note"
            value={note}
            maxLength={MAX_REPORT_NOTE}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => onChange({ note: note.trim() })}>
            Save note
          </Button>
        </div>
      )}
      {open && (
        <div className="space-y-2">
          {canReply ? (
            <TextAreaField
              label="Reply to the reporter (optional)"
              value={reply}
              maxLength={MAX_REPORT_REPLY}
              rows={3}
              onChange={(e) => setReply(e.target.value)}
            />
          ) : (
            <p className="text-sm text-slate-400">The reporter left no email or phone to reply to.</p>
          )}
          {canHandle ? (
            <div className="flex gap-2">
              <Button disabled={busy} onClick={() => close('resolved')}>
                Resolve
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => close('dismissed')}>
                Dismiss
              </Button>
            </div>
          ) : (
            canReply && (
              <Button disabled={busy || !reply.trim()} onClick={() => onChange({ reply: reply.trim() })}>
                Send reply
              </Button>
            )
          )}
        </div>
      )}
      {!open && canHandle && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => onChange({ state: 'open' })}>
          Reopen
        </Button>
      )}
    </div>
  );
}
