import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAdsTableState } from './use-ads-table-state';

function Probe() {
  const table = useAdsTableState();
  const location = useLocation();
  return (
    <div>
      <p data-testid="url">{location.search}</p>
      <button
        onClick={() => {
          // Three choices before the first one renders (a slow machine: the router renders in a transition).
          table.setFilter('category', '');
          table.setFilter('district', '');
          table.setFilter('status', 'all');
        }}
      >
        Clear each
      </button>
      <button
        onClick={() => {
          table.setFilter('category', 'Vehicles');
          table.sortBy('heading');
        }}
      >
        Vehicles by heading
      </button>
      <button
        onClick={() => {
          table.setFilter('district', 'Galle');
          table.setFilter('status', 'approved');
        }}
      >
        Approved in Galle
      </button>
    </div>
  );
}

const mount = (entry: string) => {
  const router = createMemoryRouter([{ path: '/app/ads-directory', element: <Probe /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
};
const url = () => screen.getByTestId('url').textContent;
const click = (name: string) => act(() => screen.getByRole('button', { name }).click());

describe('useAdsTableState', () => {
  it('keeps every filter chosen before the last one rendered', () => {
    mount('/app/ads-directory?status=approved&category=Property&district=Kandy');
    click('Clear each');
    expect(url()).toBe('');
    click('Vehicles by heading');
    expect(url()).toBe('?category=Vehicles&sort=heading&order=asc');
  });

  it('a status chosen in a queue leaves it, keeping a district chosen just before', () => {
    mount('/app/ads-directory?view=overdue');
    click('Approved in Galle');
    expect(url()).toBe('?status=approved&district=Galle');
  });
});
