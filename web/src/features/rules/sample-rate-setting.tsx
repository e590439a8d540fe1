import { useState, type FormEvent } from 'react';
import { Button, TextField } from '../../components/ui';
import { serverMessage } from '../../lib/api';
import { notAllowedReason, useCan } from '../../lib/permissions';
import { percent } from './rule-text';
import { useSecondReviewSettingsQuery, useUpdateSecondReviewSettingsMutation } from './second-review-api';

/** The share of human decisions sampled into second review, as a percent (2 % by default). */
export function SampleRateSetting({ onSaved }: { onSaved: (text: string) => void }) {
  const settings = useSecondReviewSettingsQuery();
  const [save, saving] = useUpdateSecondReviewSettingsMutation();
  // Only an administrator changes the rate (reviews.settings); the others see it.
  const canSet = useCan('reviews.settings');
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = settings.data ? String(Math.round(settings.data.rate * 1000) / 10) : '';
  const shown = text ?? current;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(shown.trim());
    if (shown.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      setError('Enter a percent from 0 to 100');
      return;
    }
    const result = await save({ rate: value / 100 });
    if ('error' in result) setError(serverMessage(result.error, 'The setting could not be saved. Try again.'));
    else {
      setText(null);
      onSaved(`Now sampling ${percent(value / 100)} of moderators’ decisions.`);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
      <TextField
        label="Decisions sampled (%)"
        className="w-48"
        inputMode="decimal"
        autoComplete="off"
        disabled={!settings.data || !canSet}
        value={shown}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      {canSet ? (
        <Button
          type="submit"
          variant="secondary"
          className="mt-7"
          loading={saving.isLoading}
          disabled={saving.isLoading}
        >
          Save
        </Button>
      ) : (
        <p className="mt-9 text-sm text-slate-400">{notAllowedReason}</p>
      )}
    </form>
  );
}
