import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { blockedPhoneBody, type BlockedPhone } from '@backoffice/contract';
import { Banner, Button, Modal, TextField, useTimedMessage } from '../../../components/ui';
import { useCan } from '../../../lib/permissions';
import { apiError, serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { firstErrors, showServerErrors, useFocusFirstInvalid } from '../../../lib/form';
import { useBlockedPhonesQuery, useBlockPhoneMutation, useUnblockPhoneMutation } from './signal-lists-api';
import { CsvListTools } from './csv-list-tools';
import { listExportUrls, useImportBlockedPhonesMutation } from './lists-api';

const RESULT_MESSAGE_MS = 5000;
type Form = { phone: string };

/**
 * The phone blocklist (issue 33.3): the numbers as stored (+94…), who added them and when; a number
 * is added written any common way (the server reads it and says why it cannot), removed after a
 * confirmation naming it. Ads carrying a blocked number get the `blocked_phone` signal.
 */
export function BlockedPhonesDialog({ onClose }: { onClose: () => void }) {
  const list = useBlockedPhonesQuery();
  const [block, blocking] = useBlockPhoneMutation();
  const [unblock, unblocking] = useUnblockPhoneMutation();
  const [importPhones] = useImportBlockedPhonesMutation();
  // Support reads the lists; changing them is signals.write (docs/decisions/0033-roles.md).
  const canWrite = useCan('signals.write');
  const [removing, setRemoving] = useState<BlockedPhone | null>(null);
  const result = useTimedMessage(RESULT_MESSAGE_MS);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(formRef);
  const { control, setValue, clearErrors, setError, handleSubmit, formState, reset } = useForm<Form>({
    defaultValues: { phone: '' },
    resolver: zodResolver(blockedPhoneBody),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { phone } = useWatch({ control }) as Form;
  const errors = firstErrors(formState.errors);
  const phones = list.data ?? [];

  const add = handleSubmit(
    async (values) => {
      const answer = await block(values);
      if ('error' in answer) {
        const failure = apiError(answer.error);
        if (failure.errors.phone) {
          showServerErrors(setError, failure.errors, ['phone']);
          focusInvalid();
        } else result.show('error', serverMessage(answer.error, 'Failed to block the number'));
        return;
      }
      result.show('success', `${answer.data.phone} is blocked.`);
      reset({ phone: '' });
    },
    () => focusInvalid(),
  );

  async function remove(entry: BlockedPhone) {
    const answer = await unblock(entry.phone);
    setRemoving(null);
    if ('error' in answer) {
      result.show('error', serverMessage(answer.error, 'Failed to remove the number'));
      return;
    }
    result.show('success', `${entry.phone} is no longer blocked.`);
  }

  if (removing)
    return (
      <Modal
        title="Remove blocked number"
        onClose={() => setRemoving(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)} disabled={unblocking.isLoading}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => remove(removing)}
              loading={unblocking.isLoading}
              disabled={unblocking.isLoading}
            >
              Remove
            </Button>
          </>
        }
      >
        <p>
          Remove <span className="font-mono text-slate-100">{removing.phone}</span> from the blocklist? Its ads will no
          longer be flagged for it.
        </p>
      </Modal>
    );

  return (
    <Modal
      title="Blocked phone numbers"
      onClose={onClose}
      className="max-w-lg"
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="text-slate-400">Ads carrying a blocked number are flagged with the Blocked phone signal.</p>
      {result.message && <Banner message={result.message} onDismiss={result.clear} />}
      {phones.length === 0 ? (
        <p className="text-slate-400">
          {list.isLoading
            ? 'Loading…'
            : list.isError
              ? 'The blocklist could not be loaded.'
              : 'No blocked numbers yet.'}
        </p>
      ) : (
        <ul aria-label="Blocked phone numbers" className="max-h-56 divide-y divide-slate-800 overflow-y-auto">
          {phones.map((entry) => (
            <li key={entry.phone} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-mono text-slate-100">{entry.phone}</p>
                <p className="text-xs text-slate-400">
                  Added {formatDateTime(entry.addedAt)}
                  {entry.addedBy && ` by ${entry.addedBy.name}`}
                </p>
              </div>
              {canWrite && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${entry.phone}`}
                  disabled={unblocking.isLoading}
                  onClick={() => setRemoving(entry)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form ref={formRef} onSubmit={add} noValidate className="flex items-start gap-2 border-t border-slate-800 pt-3">
          <TextField
            label="Phone number"
            className="min-w-0 flex-1"
            placeholder="077 123 4567"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            error={errors.phone}
            onChange={(e) => {
              setValue('phone', e.target.value);
              clearErrors('phone');
            }}
          />
          <Button type="submit" className="mt-7" loading={blocking.isLoading} disabled={blocking.isLoading}>
            Block number
          </Button>
        </form>
      )}
      <CsvListTools
        listName="blocked numbers"
        columns="phone"
        exportHref={listExportUrls.blockedPhones}
        onImport={canWrite ? (csv) => importPhones(csv) : undefined}
      />
    </Modal>
  );
}
