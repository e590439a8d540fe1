import { Provider } from 'react-redux';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveText, reasonMessages, type RejectionReasonTemplate } from '@backoffice/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { initialUserState } from '../auth/user-slice';
import { jsonResponse, makeUser, stubFetch } from '../../test/render';
import { RejectModal } from './moderation-modals';

const duplicate: RejectionReasonTemplate = {
  _id: 'r1',
  title: 'Duplicate ad',
  text: 'This advertisement duplicates one already published.',
  status: 'active',
};
const retired: RejectionReasonTemplate = { _id: 'r2', title: 'Old rule', text: 'No longer used', status: 'inactive' };

/** A template server kept in memory: GET lists, POST adds, PUT replaces, DELETE removes. */
function templateServer(initial: RejectionReasonTemplate[]) {
  let reasons = [...initial];
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchMock = stubFetch(async () => jsonResponse({}));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    calls.push({ method: request.method, path: url.pathname, body });
    const id = url.pathname.split('/')[3];
    if (request.method === 'GET') return jsonResponse({ success: true, reasons });
    if (request.method === 'POST') {
      const reason = { _id: `r${reasons.length + 10}`, ...(body as object) } as RejectionReasonTemplate;
      reasons.push(reason);
      return jsonResponse({ success: true, reason }, 201);
    }
    if (request.method === 'PUT') {
      reasons = reasons.map((r) => (r._id === id ? { ...r, ...(body as object) } : r));
      return jsonResponse({ success: true, reason: reasons.find((r) => r._id === id) });
    }
    reasons = reasons.filter((r) => r._id !== id);
    return jsonResponse({ success: true });
  });
  return { calls };
}

function renderModal(onConfirm = vi.fn()) {
  render(
    <Provider store={makeStore({ user: { ...initialUserState, currentUser: makeUser() } })}>
      <RejectModal count={1} busy={false} onCancel={() => {}} onConfirm={onConfirm} />
    </Provider>,
  );
  return onConfirm;
}

describe('rejection-reason templates', () => {
  it('fills the reason from an active template; the reason stays editable and Reject disabled while blank', async () => {
    templateServer([duplicate, retired]);
    const onConfirm = renderModal();
    const picker = await screen.findByRole('combobox', { name: liveText.reasonTemplate });
    expect(within(picker).queryByRole('option', { name: /Old rule/ })).not.toBeInTheDocument();
    const reason = screen.getByLabelText('Reason for rejection');
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();

    const user = userEvent.setup();
    await user.selectOptions(picker, 'Duplicate ad (Alt+1)');
    expect(reason).toHaveValue(duplicate.text);
    expect(reject).toBeEnabled();
    await user.type(reason, ' See ad #12345.');
    expect(reason).toHaveValue(`${duplicate.text} See ad #12345.`);
    await user.clear(reason);
    await user.type(reason, '   ');
    expect(reject).toBeDisabled();

    await user.selectOptions(picker, '');
    await user.selectOptions(picker, 'Duplicate ad (Alt+1)');
    await user.click(reject);
    // One dialog: the reason and the permanent-action confirmation together.
    expect(onConfirm).toHaveBeenCalledWith(duplicate.text);
  });

  it('fills the reason with template N on Alt+N in the reason field, then Ctrl+Enter rejects', async () => {
    const blurry = { _id: 'r3', title: 'Blurry', text: 'The photos are blurry.', status: 'active' as const };
    templateServer([duplicate, retired, blurry]);
    const onConfirm = renderModal();
    const picker = await screen.findByRole('combobox', { name: liveText.reasonTemplate });
    expect(within(picker).getByRole('option', { name: 'Blurry (Alt+2)' })).toBeInTheDocument();
    const reason = screen.getByLabelText('Reason for rejection');
    expect(reason).toHaveFocus();
    const user = userEvent.setup();
    await user.keyboard('{Alt>}2{/Alt}');
    expect(reason).toHaveValue(blurry.text);
    expect(picker).toHaveValue('r3');
    // No template 9: the key does nothing.
    await user.keyboard('{Alt>}9{/Alt}');
    expect(reason).toHaveValue(blurry.text);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onConfirm).toHaveBeenCalledWith(blurry.text);
  });

  it('manages the templates from the Reject modal and keeps the reason typed so far', async () => {
    const server = templateServer([duplicate]);
    renderModal();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason for rejection'), 'Half written');
    await user.click(screen.getByRole('button', { name: liveText.manageReasons }));
    const dialog = await screen.findByRole('dialog', { name: liveText.manageReasons });
    expect(await within(dialog).findByText('Duplicate ad')).toBeInTheDocument();

    // Blank fields are refused before any call, with the contract's messages.
    await user.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(within(dialog).getByText(reasonMessages.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(reasonMessages.textRequired)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'Poor photos');
    await user.type(within(dialog).getByLabelText('Reason text'), 'Photos are too dark to show the item.');
    await user.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(await within(dialog).findByText(reasonMessages.created)).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Poor photos',
      text: 'Photos are too dark to show the item.',
      status: 'active',
    });
    expect(await within(dialog).findByText('Poor photos')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Edit Duplicate ad' }));
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Duplicate advertisement');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText(reasonMessages.updated)).toBeInTheDocument();
    expect(await within(dialog).findByText('Duplicate advertisement')).toBeInTheDocument();

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Poor photos' }));
    expect(await within(dialog).findByText(reasonMessages.deleted)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('Poor photos')).not.toBeInTheDocument());

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Reason for rejection')).toHaveValue('Half written');
    const picker = await screen.findByRole('combobox', { name: liveText.reasonTemplate });
    expect(within(picker).getByRole('option', { name: 'Duplicate advertisement (Alt+1)' })).toBeInTheDocument();
  });
});
