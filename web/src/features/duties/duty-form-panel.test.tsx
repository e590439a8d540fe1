import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DUTY_CODE_ATTEMPTS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { DutiesPage } from './duties-page';
import { fakeDutiesServer, sampleList } from './duties-test-server';

const routes = [{ path: '/app/duties', Component: DutiesPage }];

async function openForm(edit?: string) {
  renderApp({ path: '/app/duties', user: makeUser(), routes });
  await screen.findByRole('row', { name: /#D1024/ });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: edit ? `Edit ${edit}` : 'Add New' }));
  const panel = await screen.findByRole('dialog', { name: edit ? 'Edit Duty' : 'Add New Duty' });
  return { user, panel, field: (name: string) => within(panel).getByLabelText(name) };
}

const taken = (message = 'Duty ID already exists') =>
  jsonResponse({ success: false, message, errors: { id: message } }, 409);

describe('DutyFormPanel', () => {
  it('requires title and description, sends nothing, and clears each message when edited', async () => {
    const server = fakeDutiesServer();
    const { user, panel, field } = await openForm();
    expect(within(panel).getByRole('switch', { name: 'Status' })).toBeChecked();
    await user.click(within(panel).getByRole('button', { name: 'Add Duty' }));
    expect(within(panel).getByText('Title is required')).toBeInTheDocument();
    expect(within(panel).getByText('Description is required')).toBeInTheDocument();
    expect(server.changes()).toEqual([]);
    await user.type(field('Title'), 'T');
    expect(within(panel).queryByText('Title is required')).not.toBeInTheDocument();
    expect(within(panel).getByText('Description is required')).toBeInTheDocument();
  });

  it('removes a condition only while more than one remains', async () => {
    fakeDutiesServer();
    const { user, panel, field } = await openForm();
    expect(within(panel).getByRole('button', { name: 'Remove condition 1' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Add condition' }));
    await user.type(field('Condition 2'), 'Second');
    expect(within(panel).getByRole('button', { name: 'Remove condition 1' })).toBeEnabled();
    await user.click(within(panel).getByRole('button', { name: 'Remove condition 1' }));
    expect(field('Condition 1')).toHaveValue('Second');
    expect(within(panel).queryByLabelText('Condition 2')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Remove condition 1' })).toBeDisabled();
  });

  it('wraps the selection in <b>…</b> and, after asking for a safe URL, in <a href="…">…</a>', async () => {
    fakeDutiesServer();
    const { user, panel, field } = await openForm();
    const area = field('Condition 1') as HTMLTextAreaElement;
    await user.type(area, 'Review within 24 hours on DMT');
    area.setSelectionRange(14, 22);
    const tools = within(panel).getByRole('group', { name: 'Condition 1 formatting' });
    await user.click(within(tools).getByRole('button', { name: 'Bold' }));
    expect(area).toHaveValue('Review within <b>24 hours</b> on DMT');
    // The wrapped words stay selected, in the focused textarea.
    await waitFor(() => expect([area.selectionStart, area.selectionEnd]).toEqual([17, 25]));
    expect(area).toHaveFocus();

    area.setSelectionRange(33, 36);
    await user.click(within(tools).getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert link' });
    const url = within(dialog).getByLabelText('Link URL');
    await waitFor(() => expect(url).toHaveFocus());
    await user.clear(url);
    await user.type(url, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Insert link' }));
    expect(within(dialog).getByText('Enter a link starting with http://, https:// or mailto:')).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'https://dmt.gov.lk/?a=1&b="2"');
    await user.click(within(dialog).getByRole('button', { name: 'Insert link' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Insert link' })).not.toBeInTheDocument());
    expect(area).toHaveValue(
      'Review within <b>24 hours</b> on <a href="https://dmt.gov.lk/?a=1&amp;b=&quot;2&quot;">DMT</a>',
    );
    // The duty form itself was not submitted by the link dialog.
    expect(within(panel).queryByText('Title is required')).not.toBeInTheDocument();
  });

  it('creates with a #D code, retrying with a new code when the server says it is taken (409)', async () => {
    const server = fakeDutiesServer(undefined, (call, n) =>
      n < 2 ? taken() : jsonResponse({ success: true, duty: { ...sampleList[0], ...(call.body as object) } }, 201),
    );
    const { user, panel, field } = await openForm();
    await user.type(field('Title'), 'Verify advertisers');
    await user.click(within(panel).getByRole('switch', { name: 'Status' }));
    await user.type(field('Description'), 'Check new accounts.');
    await user.type(field('Condition 1'), 'Use a one-time code.');
    await user.click(within(panel).getByRole('button', { name: 'Add Duty' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = server.changes();
    expect(posts).toHaveLength(3);
    const codes = posts.map((c) => (c.body as { id: string }).id);
    for (const code of codes) expect(code).toMatch(/^#D\d{4}$/);
    expect(new Set([...codes, '#D1024', '#D2048']).size).toBe(5);
    expect(posts[2]).toEqual({
      method: 'POST',
      path: '/api/duties',
      body: {
        id: codes[2],
        title: 'Verify advertisers',
        description: 'Check new accounts.',
        conditions: ['Use a one-time code.'],
        status: 'Inactive',
      },
    });
  });

  it('does not send a condition left blank (issue 32.10: it was saved as an empty numbered item)', async () => {
    const server = fakeDutiesServer(undefined, (call) =>
      jsonResponse({ success: true, duty: { ...sampleList[0], ...(call.body as object) } }, 201),
    );
    const { user, panel, field } = await openForm();
    await user.type(field('Title'), 'Check photos');
    await user.type(field('Description'), 'Every photo.');
    await user.type(field('Condition 1'), '   ');
    await user.click(within(panel).getByRole('button', { name: /Add condition/i }));
    await user.type(field('Condition 2'), 'No watermarks.');
    await user.click(within(panel).getByRole('button', { name: /Add condition/i }));
    await user.click(within(panel).getByRole('button', { name: 'Add Duty' }));
    await waitFor(() => expect(server.changes()).toHaveLength(1));
    expect((server.changes()[0]!.body as { conditions: string[] }).conditions).toEqual(['No watermarks.']);
  });

  it(`alerts "Error saving duty" after ${DUTY_CODE_ATTEMPTS} taken codes, keeping the form`, async () => {
    const server = fakeDutiesServer(undefined, () => taken());
    const { user, panel, field } = await openForm();
    await user.type(field('Title'), 'T');
    await user.type(field('Description'), 'D');
    await user.click(within(panel).getByRole('button', { name: 'Add Duty' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Error saving duty. Please try again.');
    expect(server.changes()).toHaveLength(DUTY_CODE_ATTEMPTS);
    expect(field('Title')).toHaveValue('T');
  });

  it('updates through PUT /api/duties/{_id} with the fields but not the code; a failure alerts', async () => {
    const server = fakeDutiesServer(undefined, (_call, n) =>
      n === 0
        ? jsonResponse({ success: false, message: 'Something went wrong' }, 500)
        : jsonResponse({ success: true, duty: sampleList[1] }),
    );
    const { user, panel, field } = await openForm('#D2048');
    expect(field('Title')).toHaveValue('Handle scam reports');
    expect(within(panel).getByRole('switch', { name: 'Status' })).not.toBeChecked();
    expect(field('Condition 1')).toHaveValue(sampleList[1]!.conditions[0]);
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Error saving duty. Please try again.');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.changes()[1]).toEqual({
      method: 'PUT',
      path: '/api/duties/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      body: {
        title: 'Handle scam reports',
        description: 'Act on reports of advance-payment scams.',
        conditions: [sampleList[1]!.conditions[0]],
        status: 'Inactive',
      },
    });
  });
});
