import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { act, render as renderPlain, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adMessages } from '@backoffice/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { jsonResponse, stubFetch } from '../../test/render';
import { ApproveModal, DeleteModal, RejectModal } from './moderation-modals';

/** The Reject modal asks for the reason templates: a real store, and no templates yet. */
function render(ui: ReactElement) {
  stubFetch(async () => jsonResponse({ success: true, reasons: [] }));
  return renderPlain(<Provider store={makeStore()}>{ui}</Provider>);
}

afterEach(() => vi.useRealTimers());

describe('RejectModal', () => {
  it('keeps Reject disabled while the reason is blank', async () => {
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
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<RejectModal count={2} busy={false} onCancel={() => {}} onConfirm={() => {}} />);
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
  });

  it('confirms the permanent rejection, quoting the trimmed reason', async () => {
    const onConfirm = vi.fn();
    render(<RejectModal count={3} busy={false} onCancel={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByRole('dialog', { name: 'Reject 3 Advertisements' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason for rejection'), '  Duplicate listing  ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirm Rejection' });
    expect(confirm).toHaveTextContent('these 3 advertisements');
    expect(confirm).toHaveTextContent('can no longer change back to pending and can only be deleted');
    expect(confirm).toHaveTextContent('Duplicate listing');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onConfirm).toHaveBeenCalledWith('Duplicate listing');
  });

  it('goes back to the reason, and Escape cancels', async () => {
    const onCancel = vi.fn();
    render(<RejectModal count={1} busy={false} onCancel={onCancel} onConfirm={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason for rejection'), 'Spam');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Reason for rejection')).toHaveValue('Spam');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('ApproveModal and DeleteModal', () => {
  it('words approval in the singular and the plural and focuses the dialog, not the action', async () => {
    const onConfirm = vi.fn();
    const { unmount } = render(<ApproveModal count={1} busy={false} onCancel={() => {}} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Approve Advertisement' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to approve this advertisement? This is a permanent action: once approved, the advertisement can no longer change back to pending and can only be deleted.',
    );
    expect(dialog).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    unmount();
    render(<ApproveModal count={2} busy={false} onCancel={() => {}} onConfirm={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Approve 2 Advertisements' })).toHaveTextContent(
      'these 2 advertisements',
    );
  });

  it('keeps Tab inside the dialog and returns focus to the opener', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(<DeleteModal busy={false} onCancel={() => {}} onConfirm={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Confirm Delete' })).toHaveTextContent(
      'Are you sure you want to delete this advertisement? This action cannot be undone.',
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    unmount();
    expect(opener).toHaveFocus();
    opener.remove();
  });
});
