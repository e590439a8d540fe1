import { useState } from 'react';
import {
  MAX_REPORTED_THRESHOLD,
  MAX_STRIKE_EXPIRY_DAYS,
  reportSettingsMessages,
  type ReportSettings,
} from '@backoffice/contract';
import { Banner, Button, Modal, TextField } from '../../components/ui';
import { apiError, serverMessage } from '../../lib/api';
import { useReportSettingsQuery, useUpdateReportSettingsMutation } from './reports-api';

type Field = keyof ReportSettings;
const FIELDS: { key: Field; label: string; hint: string; max: number; message: string }[] = [
  {
    key: 'reportedThreshold',
    label: 'Open reports for the Reported view',
    hint: 'An approved ad with this many open reports appears in the ads directory’s Reported view.',
    max: MAX_REPORTED_THRESHOLD,
    message: reportSettingsMessages.threshold,
  },
  {
    key: 'strikeExpiryDays',
    label: 'Days a strike stays active',
    hint: 'A rejection’s strike counts for this many days.',
    max: MAX_STRIKE_EXPIRY_DAYS,
    message: reportSettingsMessages.expiry,
  },
];

/**
 * The Bug Reports inbox's settings (administrators; docs/product.md#bug-reports): the open reports
 * that put an approved ad in the Reported view, and the days a strike stays active.
 */
export function ReportSettingsDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const settings = useReportSettingsQuery();
  const [save, saving] = useUpdateReportSettingsMutation();
  const [text, setText] = useState<Partial<Record<Field, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const shown = (key: Field) => text[key] ?? (settings.data ? String(settings.data[key]) : '');

  async function submit() {
    const next: Partial<ReportSettings> = {};
    const found: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) {
      const raw = shown(f.key).trim();
      const value = Number(raw);
      if (!/^\d+$/.test(raw) || value < 1 || value > f.max) found[f.key] = f.message;
      else next[f.key] = value;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(null);
    const result = await save(next as ReportSettings);
    if ('error' in result) {
      setErrors(apiError(result.error).errors ?? {});
      setFailure(serverMessage(result.error, 'The settings could not be saved. Try again.'));
      return;
    }
    onSaved();
  }

  return (
    <Modal
      title="Report settings"
      onClose={() => !saving.isLoading && onClose()}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving.isLoading}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={saving.isLoading}
            disabled={saving.isLoading || !settings.data}
          >
            Save
          </Button>
        </>
      }
    >
      {settings.isError && <Banner message={{ tone: 'error', text: 'The settings could not be loaded.' }} />}
      {failure && <Banner message={{ tone: 'error', text: failure }} />}
      <div className="space-y-4">
        {FIELDS.map((f) => (
          <div key={f.key}>
            <TextField
              label={f.label}
              inputMode="numeric"
              autoComplete="off"
              disabled={!settings.data}
              value={shown(f.key)}
              error={errors[f.key] ?? null}
              onChange={(e) => {
                setText((t) => ({ ...t, [f.key]: e.target.value }));
                setErrors((x) => ({ ...x, [f.key]: undefined }));
              }}
            />
            <p className="mt-1 text-xs text-slate-400">{f.hint}</p>
          </div>
        ))}
      </div>
    </Modal>
  );
}
