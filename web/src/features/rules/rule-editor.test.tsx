import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ruleMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { RulesPage } from './rules-page';
import { fakeRulesServer, makeRule, sampleReasons, type Call } from './rules-test-server';

const routes = [{ path: '/app/rules', Component: RulesPage }];
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

async function openEditor(handle?: (call: Call) => Response | undefined, edit?: string) {
  const server = fakeRulesServer({ handle });
  renderApp({ path: '/app/rules', user: makeUser(), routes });
  const user = userEvent.setup();
  await screen.findByRole('row', { name: /Job fee/ });
  await user.click(screen.getByRole('button', { name: edit ? `Edit ${edit}` : 'New rule' }));
  const dialog = await screen.findByRole('dialog', { name: edit ? 'Edit rule' : 'New rule' });
  const condition = (n: number) => within(dialog).getByRole('group', { name: `Condition ${n}` });
  return { server, user, dialog, condition };
}

describe('Rule editor', () => {
  it('builds conditions with the operators and value each field takes, and sends the rule', async () => {
    const { server, user, dialog, condition } = await openEditor((call) =>
      call.method === 'POST' ? jsonResponse({ success: true, rule: makeRule({ _id: 'new' }) }, 201) : undefined,
    );
    await user.type(within(dialog).getByLabelText('Name'), 'Fee in jobs');

    // Text takes contains and matches only; a signal is chosen from the kinds.
    expect(options(within(condition(1)).getByLabelText('Operator'))).toEqual(['contains', 'matches pattern']);
    await user.type(within(condition(1)).getByLabelText('Value'), 'registration fee');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(condition(2)).getByLabelText('Field'), 'Signal');
    expect(options(within(condition(2)).getByLabelText('Operator'))).toEqual(['has']);
    await user.selectOptions(within(condition(2)).getByLabelText('Value'), 'Risky phrase');

    // A number field compares; "is one of" takes a list.
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(condition(3)).getByLabelText('Field'), 'Price');
    expect(options(within(condition(3)).getByLabelText('Operator'))).toEqual([
      'is',
      'is not',
      'is under',
      'is over',
      'has',
    ]);
    await user.selectOptions(within(condition(3)).getByLabelText('Operator'), 'is over');
    await user.type(within(condition(3)).getByLabelText('Value'), '50000');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(condition(4)).getByLabelText('Field'), 'District');
    await user.selectOptions(within(condition(4)).getByLabelText('Operator'), 'is one of');
    await user.type(within(condition(4)).getByLabelText('Values (separated by commas)'), 'Colombo, Kandy');
    // One more, then taken out again.
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove condition 5' }));
    expect(within(dialog).queryByRole('group', { name: 'Condition 5' })).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Action'), 'Reject');
    const reason = await within(dialog).findByLabelText('Rejection reason');
    await waitFor(() => expect(options(reason)).toEqual(['Choose a reason', 'Fake item']));
    await user.selectOptions(reason, 'Fake item');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText(ruleMessages.created)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New rule' })).not.toBeInTheDocument();
    expect(server.changes()).toEqual([
      {
        method: 'POST',
        path: '/api/moderation-rules',
        body: {
          name: 'Fee in jobs',
          mode: 'draft',
          conditions: [
            { field: 'text', op: 'contains', value: 'registration fee' },
            { field: 'signal', op: 'has', value: 'risky_phrase' },
            { field: 'price', op: 'gt', value: 50000 },
            { field: 'district', op: 'in', value: ['Colombo', 'Kandy'] },
          ],
          action: { type: 'reject', reasonId: sampleReasons[0]!._id },
        },
      },
    ]);
  });

  it('checks before sending, and shows the server’s 400 at the condition it names', async () => {
    const { server, user, dialog, condition } = await openEditor((call) =>
      call.method === 'POST'
        ? jsonResponse(
            {
              success: false,
              message: `Condition 2: ${ruleMessages.patternUnsafe}`,
              errors: { 'conditions.1': `Condition 2: ${ruleMessages.patternUnsafe}` },
            },
            400,
          )
        : undefined,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(within(dialog).getByText(ruleMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Condition 1: the value must be text')).toBeInTheDocument();
    expect(within(dialog).getByText(ruleMessages.labelRequired)).toBeInTheDocument();
    expect(server.changes()).toEqual([]);
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());

    await user.type(within(dialog).getByLabelText('Name'), 'Pattern');
    await user.type(within(condition(1)).getByLabelText('Value'), 'fee');
    expect(within(dialog).queryByText('Condition 1: the value must be text')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(condition(2)).getByLabelText('Operator'), 'matches pattern');
    await user.type(within(condition(2)).getByLabelText('Value'), '(a+)+$');
    await user.type(within(dialog).getByLabelText('Label'), 'Odd');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));

    const value = within(condition(2)).getByLabelText('Value');
    await waitFor(() => expect(value).toHaveAttribute('aria-invalid', 'true'));
    expect(condition(2)).toHaveTextContent(`Condition 2: ${ruleMessages.patternUnsafe}`);
    expect(within(condition(1)).getByLabelText('Value')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(value).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'New rule' })).toBeInTheDocument();
  });

  it('shows the live guard’s refusal as the server words it, and sends the version it started from', async () => {
    const refusal = ruleMessages.liveNeedsBacktest(12);
    const { server, user, dialog } = await openEditor(
      (call) => (call.method === 'PUT' ? jsonResponse({ success: false, message: refusal }, 409) : undefined),
      'Job fee',
    );
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Job fee');
    await user.selectOptions(within(dialog).getByLabelText('Mode'), 'Live');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(server.changes()).toEqual([
      {
        method: 'PUT',
        path: '/api/moderation-rules/10000000-0000-4000-8000-000000000001',
        body: {
          name: 'Job fee',
          mode: 'live',
          conditions: makeRule().conditions,
          action: { type: 'flag', label: 'Fee asked' },
          version: 3,
        },
      },
    ]);
  });
});
