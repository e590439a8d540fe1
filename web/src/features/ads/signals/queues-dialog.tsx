import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { moderationQueueBody, type ModerationQueue } from '@backoffice/contract';
import { Banner, Button, ConfirmDeleteModal, Modal, TextField, useTimedMessage } from '../../../components/ui';
import { useCan } from '../../../lib/permissions';
import { apiError, serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { firstErrors, useFocusFirstInvalid } from '../../../lib/form';
import { CsvListTools } from './csv-list-tools';
import {
  listExportUrls,
  useAddModerationQueueMutation,
  useDeleteModerationQueueMutation,
  useImportModerationQueuesMutation,
  useModerationQueuesQuery,
} from './lists-api';

const RESULT_MESSAGE_MS = 5000;
type Form = { name: string };

/**
 * The queue names (issue 34.5) a `route` rule sends ads to: listed with when they were added, one
 * added (unique whatever its case), one deleted after a confirmation (the server refuses while a
 * rule routes to it, naming the rule), and the list exported and imported as CSV.
 */
export function QueuesDialog({ onClose }: { onClose: () => void }) {
  const list = useModerationQueuesQuery();
  const [add, adding] = useAddModerationQueueMutation();
  const [remove, removing] = useDeleteModerationQueueMutation();
  // Support reads the lists; changing them is signals.write (docs/decisions/0033-roles.md).
  const canWrite = useCan('signals.write');
  const [importQueues] = useImportModerationQueuesMutation();
  const [confirming, setConfirming] = useState<ModerationQueue | null>(null);
  const result = useTimedMessage(RESULT_MESSAGE_MS);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(formRef);
  const { control, setValue, clearErrors, setError, handleSubmit, formState, reset } = useForm<Form>({
    defaultValues: { name: '' },
    resolver: zodResolver(moderationQueueBody),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { name } = useWatch({ control }) as Form;
  const errors = firstErrors(formState.errors);
  const queues = list.data ?? [];

  const submit = handleSubmit(
    async (values) => {
      const answer = await add(values.name);
      if ('error' in answer) {
        const failure = apiError(answer.error);
        if (failure.status === 400 || failure.status === 409) {
          // A name refused (400) or taken (409, no field named): shown under the field either way.
          setError('name', { message: failure.errors.name ?? failure.message ?? 'Failed to add the queue' });
          focusInvalid();
        } else result.show('error', serverMessage(answer.error, 'Failed to add the queue'));
        return;
      }
      result.show('success', `“${answer.data.name}” is added.`);
      reset({ name: '' });
    },
    () => focusInvalid(),
  );

  async function confirmDelete(queue: ModerationQueue) {
    const answer = await remove(queue.name);
    setConfirming(null);
    if ('error' in answer) result.show('error', serverMessage(answer.error, 'Failed to delete the queue'));
    else result.show('success', `“${queue.name}” is deleted.`);
  }

  if (confirming)
    return (
      <ConfirmDeleteModal
        title="Delete queue"
        busy={removing.isLoading}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirmDelete(confirming)}
      >
        <p>
          Delete the queue <span className="text-slate-100">“{confirming.name}”</span>? A queue a rule routes to cannot
          be deleted.
        </p>
      </ConfirmDeleteModal>
    );

  return (
    <Modal
      title="Queues"
      onClose={onClose}
      className="max-w-lg"
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="text-slate-400">Rules that route ads send them to one of these queues.</p>
      {result.message && <Banner message={result.message} onDismiss={result.clear} />}
      {queues.length === 0 ? (
        <p className="text-slate-400">
          {list.isLoading ? 'Loading…' : list.isError ? 'The queues could not be loaded.' : 'No queues yet.'}
        </p>
      ) : (
        <ul aria-label="Queues" className="max-h-56 divide-y divide-slate-800 overflow-y-auto">
          {queues.map((queue) => (
            <li key={queue.name} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="text-slate-100">{queue.name}</p>
                <p className="text-xs text-slate-400">Added {formatDateTime(queue.createdAt)}</p>
              </div>
              {canWrite && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete ${queue.name}`}
                  disabled={removing.isLoading}
                  onClick={() => setConfirming(queue)}
                >
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          className="flex items-start gap-2 border-t border-slate-800 pt-3"
        >
          <TextField
            label="Queue name"
            className="min-w-0 flex-1"
            placeholder="Senior review"
            autoComplete="off"
            value={name}
            error={errors.name}
            onChange={(e) => {
              setValue('name', e.target.value);
              clearErrors('name');
            }}
          />
          <Button type="submit" className="mt-7" loading={adding.isLoading} disabled={adding.isLoading}>
            Add queue
          </Button>
        </form>
      )}
      <CsvListTools
        listName="queues"
        columns="name"
        exportHref={listExportUrls.queues}
        onImport={canWrite ? (csv) => importQueues(csv) : undefined}
      />
    </Modal>
  );
}
