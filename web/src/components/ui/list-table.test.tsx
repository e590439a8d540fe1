import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './list-table';

type Row = { id: string; name: string; count: number };
const rows: Row[] = [
  { id: 'a', name: 'Kasun', count: 3 },
  { id: 'b', name: 'Nimali', count: 1 },
];
const columns: Column<Row>[] = [
  { header: 'Name', sortKey: 'name', cell: (r) => r.name },
  { header: 'Ads', cell: (r) => r.count, hideBelow: 'wide' },
];

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <DataTable
      label="People"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      loading={false}
      empty={{ message: 'Nobody yet' }}
      {...props}
    />,
  );
}

describe('DataTable', () => {
  it('renders the columns, sorts by a header and hides a column on narrow screens', async () => {
    const onSort = vi.fn();
    table({ sort: { key: 'name', order: 'asc', onSort } });
    expect(
      within(screen.getByRole('row', { name: 'Kasun' }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Kasun', '3']);
    expect(screen.getByRole('columnheader', { name: 'Ads' })).toHaveClass('hidden', 'min-[1400px]:table-cell');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('selects rows and the page, and opens a row by click, Enter or Space but not from its checkbox', async () => {
    const onToggle = vi.fn();
    const onToggleAll = vi.fn();
    const onOpen = vi.fn();
    const user = userEvent.setup();
    table({
      selection: {
        selected: new Set(['a']),
        onToggle,
        onToggleAll,
        allLabel: 'Select all people',
        rowLabel: (r) => `Select ${r.name}`,
      },
      onOpen,
    });
    expect(screen.getByRole('checkbox', { name: 'Select Kasun' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all people' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Nimali' }));
    expect(onToggle).toHaveBeenCalledWith('b');
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all people' }));
    expect(onToggleAll).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('cell', { name: 'Nimali' }));
    expect(onOpen).toHaveBeenLastCalledWith(rows[1]);
    screen.getByRole('row', { name: 'Kasun' }).focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(rows[0]);
    await user.keyboard(' ');
    expect(onOpen).toHaveBeenCalledTimes(3);
  });

  it('shows the empty state, and the failed state with Try again, across every column', async () => {
    const onRetry = vi.fn();
    const { rerender } = table({ rows: [] });
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    rerender(
      <DataTable
        label="People"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        loading={false}
        empty={{ message: 'Nobody yet' }}
        failed={{ message: 'Could not load the people', onRetry }}
      />,
    );
    expect(screen.getByText('Could not load the people')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
