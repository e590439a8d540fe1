import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { phraseMessages, type RiskyPhraseItem } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../../test/render';
import { AdsDirectoryPage } from '../ads-directory-page';
import { makeList } from '../ads-test-data';

const routes = [{ path: '/app/ads-directory', Component: AdsDirectoryPage }];
const item = (phrase: string, over: Partial<RiskyPhraseItem> = {}): RiskyPhraseItem => ({
  language: 'en',
  category: 'advance_payment',
  phrase,
  source: 'shipped',
  removed: false,
  changedAt: null,
  changedBy: null,
  ...over,
});

/** The phrase lists kept in memory like the server's (POST adds or puts back, DELETE takes out). */
function phraseServer(initial: RiskyPhraseItem[]) {
  let phrases = [...initial];
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/api/advertisements/list') return jsonResponse(makeList([]));
    if (url.pathname !== '/api/signals/phrases') return jsonResponse({ success: false, message: 'Not found' }, 404);
    const body = request.method === 'POST' ? ((await request.json()) as RiskyPhraseItem) : undefined;
    calls.push({ method: request.method, url: url.pathname + url.search, ...(body ? { body } : {}) });
    if (request.method === 'GET') return jsonResponse({ success: true, phrases });
    if (request.method === 'POST') {
      if (body!.phrase.length < 3)
        return jsonResponse({ success: false, message: 'Too short', errors: { phrase: 'Too short' } }, 400);
      const shipped = phrases.find((p) => p.phrase === body!.phrase);
      const added = shipped ? { ...shipped, removed: false } : item(body!.phrase, { ...body, source: 'admin' });
      phrases = [...phrases.filter((p) => p.phrase !== body!.phrase), added];
      return jsonResponse({ success: true, phrase: added });
    }
    const phrase = url.searchParams.get('phrase');
    phrases = phrases.flatMap((p) =>
      p.phrase !== phrase ? [p] : p.source === 'shipped' ? [{ ...p, removed: true }] : [],
    );
    return jsonResponse({ success: true });
  });
  return { calls };
}

async function openDialog() {
  renderApp({ path: '/app/ads-directory', user: makeUser(), routes });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Risky phrases' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Risky phrases' }) };
}
const shown = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Phrases' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('risky phrases, from the ads directory', () => {
  it('shows one language and category at a time, and adds a phrase to the list shown', async () => {
    const server = phraseServer([item('advance payment'), item('pay to apply', { category: 'pay_to_apply' })]);
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(shown(dialog)).toEqual(['advance payment']));

    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Pay to apply');
    expect(shown(dialog)).toEqual(['pay to apply']);
    await user.selectOptions(within(dialog).getByLabelText('Language'), 'Sinhala');
    expect(within(dialog).getByText('No phrases in this list.')).toBeInTheDocument();

    // An empty phrase is not sent; the server's refusal shows under the field.
    await user.click(within(dialog).getByRole('button', { name: 'Add phrase' }));
    expect(await within(dialog).findByText(phraseMessages.phraseRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New phrase'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Add phrase' }));
    expect(await within(dialog).findByText('Too short')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New phrase')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('New phrase'));
    await user.type(within(dialog).getByLabelText('New phrase'), 'mudal ewanna');
    await user.click(within(dialog).getByRole('button', { name: 'Add phrase' }));
    await waitFor(() => expect(shown(dialog)).toEqual(['mudal ewanna']));
    expect(server.calls).toContainEqual({
      method: 'POST',
      url: '/api/signals/phrases',
      body: { language: 'si', category: 'pay_to_apply', phrase: 'mudal ewanna' },
    });
  });

  it('takes a shipped phrase out after a confirmation naming it, and puts it back', async () => {
    const server = phraseServer([item('advance payment')]);
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(shown(dialog)).toEqual(['advance payment']));

    await user.click(within(dialog).getByRole('button', { name: 'Take out advance payment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take out risky phrase' });
    expect(confirm).toHaveTextContent('Take “advance payment” out of English · Advance payment?');
    await user.click(within(confirm).getByRole('button', { name: 'Take out' }));
    const back = await screen.findByRole('dialog', { name: 'Risky phrases' });
    expect(server.calls).toContainEqual({
      method: 'DELETE',
      url: '/api/signals/phrases?language=en&category=advance_payment&phrase=advance+payment',
    });
    await user.click(await within(back).findByRole('button', { name: 'Put back advance payment' }));
    await within(back).findByRole('button', { name: 'Take out advance payment' });
    expect(server.calls.at(-2)).toEqual({
      method: 'POST',
      url: '/api/signals/phrases',
      body: { language: 'en', category: 'advance_payment', phrase: 'advance payment' },
    });
  });
});
