import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { packageMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { PackagesPage } from './packages-page';
import { fakePackagesServer } from './packages-test-server';

const routes = [{ path: '/app/packages', Component: PackagesPage }];

async function openForm(edit?: string) {
  renderApp({ path: '/app/packages', user: makeUser(), routes });
  await screen.findByRole('row', { name: /PKG-0001/ });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: edit ? `Edit ${edit}` : 'Add Package' }));
  const panel = await screen.findByRole('dialog', { name: edit ? 'Edit Package' : 'Add Package' });
  return { user, panel, field: (name: string) => within(panel).getByLabelText(name) };
}

describe('PackageFormPanel', () => {
  it('shows every spec message on an empty save, sends nothing, and clears a message when its field is edited', async () => {
    const server = fakePackagesServer();
    const { user, panel, field } = await openForm();
    expect(within(panel).getByRole('switch', { name: 'Status' })).toBeChecked();
    await user.click(within(panel).getByRole('button', { name: 'Add Package' }));
    for (const message of [
      'Package name is required',
      'Package type is required',
      'Description is required',
      'Valid price is required',
      'Duration is required',
      'Valid max ads count is required',
      'At least one feature is required',
    ])
      expect(within(panel).getByText(message)).toBeInTheDocument();
    expect(server.changes()).toEqual([]);
    await waitFor(() => expect(field('Name')).toHaveFocus());

    await user.type(field('Name'), 'G');
    expect(within(panel).queryByText('Package name is required')).not.toBeInTheDocument();
    expect(within(panel).getByText('Valid price is required')).toBeInTheDocument();
    await user.selectOptions(field('Type'), 'Digital');
    expect(within(panel).queryByText('Package type is required')).not.toBeInTheDocument();
    await user.type(field('Feature 1'), 'x');
    expect(within(panel).queryByText('At least one feature is required')).not.toBeInTheDocument();
    expect(within(panel).getByText('Duration is required')).toBeInTheDocument();
  });

  it('refuses a zero or non-numeric price and a fractional max ads, as the server would', async () => {
    const server = fakePackagesServer();
    const { user, panel, field } = await openForm();
    await user.type(field('Price (LKR)'), '0');
    await user.type(field('Max Ads'), '1.5');
    await user.click(within(panel).getByRole('button', { name: 'Add Package' }));
    expect(within(panel).getByText('Valid price is required')).toBeInTheDocument();
    expect(within(panel).getByText('Valid max ads count is required')).toBeInTheDocument();
    await user.clear(field('Price (LKR)'));
    await user.type(field('Price (LKR)'), 'abc');
    await user.click(within(panel).getByRole('button', { name: 'Add Package' }));
    expect(within(panel).getByText('Valid price is required')).toBeInTheDocument();
    expect(server.changes()).toEqual([]);
  });

  it('never removes the last feature', async () => {
    fakePackagesServer();
    const { user, panel } = await openForm();
    expect(within(panel).getByRole('button', { name: 'Remove feature 1' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Add feature' }));
    await user.type(within(panel).getByLabelText('Feature 2'), 'Second');
    expect(within(panel).getByRole('button', { name: 'Remove feature 1' })).toBeEnabled();
    await user.click(within(panel).getByRole('button', { name: 'Remove feature 1' }));
    expect(within(panel).getByLabelText('Feature 1')).toHaveValue('Second');
    expect(within(panel).queryByLabelText('Feature 2')).not.toBeInTheDocument();
    const last = within(panel).getByRole('button', { name: 'Remove feature 1' });
    expect(last).toBeDisabled();
    await user.click(last);
    expect(within(panel).getByLabelText('Feature 1')).toHaveValue('Second');
  });

  it('creates with blank features dropped and the spec fields, then says so and closes', async () => {
    const server = fakePackagesServer();
    const { user, panel, field } = await openForm();
    await user.type(field('Name'), 'Top Ad Boost');
    await user.selectOptions(field('Type'), 'Digital');
    await user.type(field('Price (LKR)'), '2,400');
    await user.type(field('Duration'), '7 days');
    await user.type(field('Max Ads'), '3');
    await user.selectOptions(field('Popularity'), 'Recommended');
    await user.click(within(panel).getByRole('switch', { name: 'Status' }));
    await user.type(field('Description'), 'Pins ads to the top.');
    await user.type(field('Feature 1'), '  Top of category  ');
    await user.click(within(panel).getByRole('button', { name: 'Add feature' }));
    await user.type(field('Feature 2'), '   ');
    await user.click(within(panel).getByRole('button', { name: 'Add feature' }));
    await user.type(field('Feature 3'), 'Daily bump');
    await user.click(within(panel).getByRole('button', { name: 'Add Package' }));
    expect(await screen.findByText('Package created successfully')).toBeInTheDocument();
    expect(server.changes()).toEqual([
      {
        method: 'POST',
        path: '/api/packages',
        body: {
          name: 'Top Ad Boost',
          type: 'Digital',
          description: 'Pins ads to the top.',
          price: 2400,
          duration: '7 days',
          maxAds: 3,
          features: ['Top of category', 'Daily bump'],
          status: 'Inactive',
          popularity: 'Recommended',
          icon: null,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits with the current values and shows the server field errors and message on failure', async () => {
    const server = fakePackagesServer(undefined, () =>
      jsonResponse(
        {
          success: false,
          message: 'Package name is required',
          errors: { name: 'Package name is required', 'features.1': packageMessages.featureTooLong },
        },
        400,
      ),
    );
    const { user, panel, field } = await openForm('Property Plus');
    expect(field('Name')).toHaveValue('Property Plus');
    expect(field('Type')).toHaveValue('Regular');
    expect(field('Price (LKR)')).toHaveValue('4500');
    expect(field('Max Ads')).toHaveValue('15');
    expect(field('Popularity')).toHaveValue('Popular');
    expect(field('Feature 2')).toHaveValue('5 photos per ad');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    // The banner and the field both say it.
    await waitFor(() => expect(within(panel).getAllByText('Package name is required')).toHaveLength(2));
    expect(within(panel).getByText(packageMessages.featureTooLong)).toBeInTheDocument();
    expect(server.changes()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/packages/22222222-2222-4222-8222-222222222222',
      body: { name: 'Property Plus', price: 4500, icon: null },
    });
    expect(screen.getByRole('dialog', { name: 'Edit Package' })).toBeInTheDocument();
  });

  it('falls back to "Failed to save package" when the answer has no message', async () => {
    fakePackagesServer(undefined, () => new Response('oops', { status: 502 }));
    const { user, panel } = await openForm('Basic Seller');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Failed to save package')).toBeInTheDocument();
  });
});
