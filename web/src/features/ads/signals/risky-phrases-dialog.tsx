import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  PHRASE_CATEGORIES,
  PHRASE_LANGUAGES,
  riskyPhraseBody,
  type RiskyPhraseBody,
  type RiskyPhraseItem,
} from '@backoffice/contract';
import { Banner, Button, Modal, SelectField, TextField, useTimedMessage } from '../../../components/ui';
import { useCan } from '../../../lib/permissions';
import { apiError, serverMessage } from '../../../lib/api';
import { firstErrors, showServerErrors, useFocusFirstInvalid } from '../../../lib/form';
import { useAddRiskyPhraseMutation, useRemoveRiskyPhraseMutation, useRiskyPhrasesQuery } from './signal-lists-api';
import { CsvListTools } from './csv-list-tools';
import { listExportUrls, useImportRiskyPhrasesMutation } from './lists-api';

const RESULT_MESSAGE_MS = 5000;
type Language = (typeof PHRASE_LANGUAGES)[number];
type Category = (typeof PHRASE_CATEGORIES)[number];

const languageLabels: Record<Language, string> = { en: 'English', si: 'Sinhala', ta: 'Tamil', singlish: 'Singlish' };
const categoryLabels: Record<Category, string> = {
  advance_payment: 'Advance payment',
  pay_to_apply: 'Pay to apply',
  work_from_home: 'Work from home',
  lottery_prize: 'Lottery or prize',
  crypto_investment: 'Crypto investment',
  too_good: 'Too good to be true',
};

/**
 * The risky phrase lists (issue 33.3), one language and category at a time: the shipped phrases and
 * the admins' own, a phrase added, one taken out after a confirmation naming it, a shipped one taken
 * out put back. New ads are checked against the lists in effect.
 */
export function RiskyPhrasesDialog({ onClose }: { onClose: () => void }) {
  const list = useRiskyPhrasesQuery();
  const [addPhrase, adding] = useAddRiskyPhraseMutation();
  const [removePhrase, removing] = useRemoveRiskyPhraseMutation();
  // Support reads the lists; changing them is signals.write (docs/decisions/0033-roles.md).
  const canWrite = useCan('signals.write');
  const [importPhrases] = useImportRiskyPhrasesMutation();
  const [language, setLanguage] = useState<Language>('en');
  const [category, setCategory] = useState<Category>('advance_payment');
  const [confirming, setConfirming] = useState<RiskyPhraseItem | null>(null);
  const result = useTimedMessage(RESULT_MESSAGE_MS);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(formRef);
  const { control, setValue, clearErrors, setError, handleSubmit, formState, reset } = useForm<{ phrase: string }>({
    defaultValues: { phrase: '' },
    resolver: zodResolver(riskyPhraseBody.pick({ phrase: true })),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { phrase } = useWatch({ control }) as { phrase: string };
  const errors = firstErrors(formState.errors);
  const shown = (list.data ?? []).filter((p) => p.language === language && p.category === category);

  async function put(body: RiskyPhraseBody) {
    const answer = await addPhrase(body);
    if ('error' in answer) {
      const failure = apiError(answer.error);
      if (failure.errors.phrase) {
        showServerErrors(setError, failure.errors, ['phrase']);
        focusInvalid();
      } else result.show('error', serverMessage(answer.error, 'Failed to add the phrase'));
      return false;
    }
    result.show('success', `“${answer.data.phrase}” is on the list.`);
    return true;
  }

  const submit = handleSubmit(
    async (values) => {
      if (await put({ language, category, phrase: values.phrase })) reset({ phrase: '' });
    },
    () => focusInvalid(),
  );

  async function remove(item: RiskyPhraseItem) {
    const answer = await removePhrase({ language: item.language, category: item.category, phrase: item.phrase });
    setConfirming(null);
    if ('error' in answer) result.show('error', serverMessage(answer.error, 'Failed to take the phrase out'));
    else result.show('success', `“${item.phrase}” is taken out.`);
  }

  if (confirming)
    return (
      <Modal
        title="Take out risky phrase"
        onClose={() => setConfirming(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={removing.isLoading}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => remove(confirming)}
              loading={removing.isLoading}
              disabled={removing.isLoading}
            >
              Take out
            </Button>
          </>
        }
      >
        <p>
          Take “{confirming.phrase}” out of {languageLabels[confirming.language]} ·{' '}
          {categoryLabels[confirming.category]}? New ads are no longer flagged for it.
        </p>
      </Modal>
    );

  return (
    <Modal
      title="Risky phrases"
      onClose={onClose}
      className="max-w-2xl"
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="text-slate-400">New ads with one of these phrases get the Risky phrase signal.</p>
      {result.message && <Banner message={result.message} onDismiss={result.clear} />}
      <div className="flex gap-3">
        <SelectField
          label="Language"
          className="flex-1"
          value={language}
          options={PHRASE_LANGUAGES.map((l) => ({ value: l, label: languageLabels[l] }))}
          onChange={(v) => setLanguage(v as Language)}
        />
        <SelectField
          label="Category"
          className="flex-1"
          value={category}
          options={PHRASE_CATEGORIES.map((c) => ({ value: c, label: categoryLabels[c] }))}
          onChange={(v) => setCategory(v as Category)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="text-slate-400">
          {list.isLoading ? 'Loading…' : list.isError ? 'The phrases could not be loaded.' : 'No phrases in this list.'}
        </p>
      ) : (
        <ul aria-label="Phrases" className="max-h-56 divide-y divide-slate-800 overflow-y-auto">
          {shown.map((item) => (
            <li key={item.phrase} className="flex items-center justify-between gap-3 py-1.5">
              <div className="min-w-0">
                <p className={item.removed ? 'text-slate-500 line-through' : 'text-slate-100'}>{item.phrase}</p>
                <p className="text-xs text-slate-400">
                  {item.source === 'shipped' ? 'Shipped' : 'Added'}
                  {item.removed && ', taken out'}
                  {item.changedBy && ` by ${item.changedBy.name}`}
                </p>
              </div>
              {!canWrite ? null : item.removed ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Put back ${item.phrase}`}
                  disabled={adding.isLoading}
                  onClick={() => put({ language: item.language, category: item.category, phrase: item.phrase })}
                >
                  Put back
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Take out ${item.phrase}`}
                  disabled={removing.isLoading}
                  onClick={() => setConfirming(item)}
                >
                  Take out
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
            label="New phrase"
            className="min-w-0 flex-1"
            autoComplete="off"
            value={phrase}
            error={errors.phrase}
            onChange={(e) => {
              setValue('phrase', e.target.value);
              clearErrors('phrase');
            }}
          />
          <Button type="submit" className="mt-7" loading={adding.isLoading} disabled={adding.isLoading}>
            Add phrase
          </Button>
        </form>
      )}
      <CsvListTools
        listName="risky phrases"
        columns="language (en, si, ta, singlish), category, phrase"
        exportHref={listExportUrls.riskyPhrases}
        onImport={canWrite ? (csv) => importPhrases(csv) : undefined}
      />
    </Modal>
  );
}
