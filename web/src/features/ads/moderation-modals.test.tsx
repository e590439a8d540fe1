import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { act, render as renderPlain, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adMessages } from '@backoffice/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { jsonResponse, stubFetch } from '../../test/render';
import { ApproveModal, DeleteModal, RejectModal } from './moderation-modals';
import { testDrivenTimers } from '../../test/exact-timers';

/** The Reject modal asks for the reason templates: a real store, and no templates yet. */
function render(ui: ReactElement) {
  stubFetch(async () => jsonResponse({ success: true, reasons: [] }));
  return renderPlain(<Provider store={makeStore()}>{ui}</Provider>);
}

afterEach(() => vi.useRealTimers());

const seven = Array.from({ length: 7 }, (_, i) => `Ad ${i + 1} (#0000${i + 1})`);

describe('RejectModal', () => {
  it('keeps Reject disabled while the reason is blank, with the reason focused', async () => {
    const onConfirm = vi.fn();
    render(<RejectModal count={1} busy={false} onCancel={() => {}} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Reject Advertisement' });
    expect(dialog).toBeInTheDocument();
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    const reason = screen.getByLabelText('Reason for rejection');
    expect(reason).toHaveFocus();
    const user = userEvent.setup();
    await user.type(reason, '   ');
    expect(reject).toBeDisabled();
    await user.type(reason, 'Blurry photos');
    expect(reject).toBeEnabled();
    await user.clear(reason);
    expect(reject).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says a reason is needed for 3 s when a blank reason is submitted from the keyboard', async () => {
    testDrivenTimers();
    const onConfirm = vi.fn();
    render(<RejectModal count={2} busy={false} onCancel={() => {}} onConfirm={onConfirm} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Reason for rejection'), '  {Control>}{Enter}{/Control}');
    expect(screen.getByRole('alert')).toHaveTextContent(adMessages.reasonRequired);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Shown again, it clears as soon as the reason is edited.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.keyboard('x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('is one dialog: names the ads, says the action is permanent, and Ctrl+Enter rejects with the trimmed reason', async () => {
    const onConfirm = vi.fn();
    render(<RejectModal count={7} names={seven} busy={false} onCancel={() => {}} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Reject 7 Advertisements' });
    expect(dialog).toHaveTextContent('these 7 advertisements');
    expect(dialog).toHaveTextContent('can no longer change back to pending and can only be deleted');
    const list = within(dialog).getByRole('list', { name: 'Advertisements' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...seven.slice(0, 5), 'and 2 more']);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason for rejection'), '  Duplicate listing  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onConfirm).toHaveBeenCalledWith('Duplicate listing');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('Escape cancels', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<RejectModal count={1} busy={false} onCancel={onCancel} onConfirm={onConfirm} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason for rejection'), 'Spam');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('ApproveModal and DeleteModal', () => {
  it('names the ad, words approval in the singular and the plural, and focuses Approve so Enter confirms', async () => {
    const onConfirm = vi.fn();
    const { unmount } = render(
      <ApproveModal
        count={1}
        names={['Land for sale in Kandy (#2b3c4)']}
        busy={false}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve Advertisement' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to approve this advertisement? This is a permanent action: once approved, the advertisement can no longer change back to pending and can only be deleted.',
    );
    expect(within(dialog).getByRole('list', { name: 'Advertisement' })).toHaveTextContent(
      'Land for sale in Kandy (#2b3c4)',
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveFocus();
    await userEvent.setup().keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
    unmount();
    render(<ApproveModal count={7} names={seven} busy={false} onCancel={() => {}} onConfirm={() => {}} />);
    const plural = screen.getByRole('dialog', { name: 'Approve 7 Advertisements' });
    expect(plural).toHaveTextContent('these 7 advertisements');
    expect(plural).toHaveTextContent('and 2 more');
    expect(within(plural).queryByText(seven[5]!)).not.toBeInTheDocument();
  });

  it('Escape cancels an approval', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<ApproveModal count={1} busy={false} onCancel={onCancel} onConfirm={onConfirm} />);
    await userEvent.setup().keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('opens Delete with Cancel focused (Enter cancels), keeps Tab inside and returns focus to the opener', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const { unmount } = render(
      <DeleteModal names={['Old bike (#00042)']} busy={false} onCancel={onCancel} onConfirm={onConfirm} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm Delete' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this advertisement? This action cannot be undone.',
    );
    expect(dialog).toHaveTextContent('Old bike (#00042)');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
    unmount();
    expect(opener).toHaveFocus();
    opener.remove();
  });
});
