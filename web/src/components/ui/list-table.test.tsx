import { fireEvent, render, screen, within } from '@testing-library/react';
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

  it('offers checkboxes only on selectable rows, disables a held one, and the page checkbox skips both', async () => {
    const onToggleAll = vi.fn();
    const more: Row[] = [...rows, { id: 'c', name: 'Ruwan', count: 0 }];
    const selection = {
      selected: new Set<string>(),
      onToggle: vi.fn(),
      onToggleAll,
      allLabel: 'Select all people',
      rowLabel: (r: Row) => `Select ${r.name}`,
      selectable: (r: Row) => r.count > 0,
      disabledReason: (r: Row) => (r.id === 'b' ? 'Being reviewed by Nimal' : null),
      allTitle: 'Skips the row another admin is reviewing',
    };
    const { rerender } = table({ rows: more, selection });
    expect(within(screen.getByRole('row', { name: 'Ruwan' })).queryByRole('checkbox')).not.toBeInTheDocument();
    const held = screen.getByRole('checkbox', { name: 'Select Nimali' });
    expect(held).toBeDisabled();
    expect(held).toHaveAttribute('title', 'Being reviewed by Nimal');
    const all = screen.getByRole('checkbox', { name: 'Select all people' });
    expect(all).toHaveAttribute('title', 'Skips the row another admin is reviewing');
    expect(all).not.toBeChecked();
    // Every row that can be ticked now is: the page checkbox shows it.
    rerender(
      <DataTable
        label="People"
        columns={columns}
        rows={more}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        loading={false}
        empty={{ message: 'Nobody yet' }}
        selection={{ ...selection, selected: new Set(['a']) }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select all people' })).toBeChecked();
    // Only held rows: nothing for the page checkbox to tick.
    rerender(
      <DataTable
        label="People"
        columns={columns}
        rows={[rows[1]!]}
        rowKey={(r) => r.id}
        loading={false}
        empty={{ message: 'Nobody yet' }}
        selection={selection}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select all people' })).toBeDisabled();
  });

  it('rings the row the keys act on, says which row took the focus, and names rows by a data attribute', () => {
    const onRowFocus = vi.fn();
    const onIntent = vi.fn();
    const { container } = table({
      onOpen: vi.fn(),
      focusedKey: 'b',
      onRowFocus,
      keyAttribute: 'data-person-id',
      sort: { key: 'name', order: 'desc', onSort: vi.fn(), onIntent },
    });
    expect(screen.getByRole('row', { name: 'Nimali' })).toHaveClass('outline-indigo-500/70');
    expect(screen.getByRole('row', { name: 'Kasun' })).not.toHaveClass('outline-indigo-500/70');
    const kasun = container.querySelector<HTMLElement>('[data-person-id="a"]')!;
    expect(kasun).toHaveAccessibleName('Kasun');
    fireEvent.focus(kasun);
    expect(onRowFocus).toHaveBeenCalledWith(rows[0]);
    fireEvent.focus(screen.getByRole('button', { name: /Name/ }));
    expect(onIntent).toHaveBeenCalledWith('name');
  });
});
