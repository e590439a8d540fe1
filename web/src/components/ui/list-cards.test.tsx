import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './list-table';
import { NARROW_QUERY } from './use-media-query';

type Row = { id: string; name: string; open: boolean };
const rows: Row[] = [
  { id: 'a', name: 'Kasun', open: true },
  { id: 'b', name: 'Nimali', open: false },
];
const columns: Column<Row>[] = [{ header: 'Name', cell: (r) => r.name }];

/** A phone's width: only the narrow query matches. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function cards(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <DataTable
      label="People"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      loading={false}
      empty={{ message: 'Nobody yet', action: <button>Reset</button> }}
      cards={{
        selectAllText: 'Select all open',
        card: (r) => ({
          media: <span data-testid="picture" />,
          body: <p>{r.name}</p>,
          menu: { label: `Actions for ${r.name}`, items: [{ label: 'View', onSelect: () => {} }] },
        }),
      }}
      {...props}
    />,
  );
}

describe('DataTable on a phone', () => {
  afterEach(() => void vi.unstubAllGlobals());

  it('is a table on a wide screen and a list of cards on a phone', () => {
    const { unmount } = cards();
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    unmount();
    phoneWidth();
    cards();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'People' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['Kasun', 'Nimali']);
    expect(within(list).getAllByTestId('picture')).toHaveLength(2);
  });

  it('selects and opens cards as the table does its rows; the checkbox and the menu do not open the card', async () => {
    phoneWidth();
    const onToggle = vi.fn();
    const onToggleAll = vi.fn();
    const onOpen = vi.fn();
    const user = userEvent.setup();
    cards({
      onOpen,
      focusedKey: 'a',
      keyAttribute: 'data-person-id',
      selection: {
        selected: new Set(['a']),
        onToggle,
        onToggleAll,
        allLabel: 'Select all open people',
        rowLabel: (r) => `Select ${r.name}`,
        selectable: (r) => r.open,
      },
    });
    const kasun = screen.getByRole('listitem', { name: 'Kasun' });
    expect(kasun).toHaveAttribute('data-person-id', 'a');
    expect(kasun).toHaveClass('bg-indigo-500/5', 'outline-indigo-500/70');
    expect(within(screen.getByRole('listitem', { name: 'Nimali' })).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Select all open')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('checkbox', { name: 'Select all open people' })).toBeChecked();

    await user.click(within(kasun).getByRole('checkbox', { name: 'Select Kasun' }));
    expect(onToggle).toHaveBeenCalledWith('a');
    await user.click(within(kasun).getByRole('button', { name: 'Actions for Kasun' }));
    expect(onOpen).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'Select all open people' }));
    expect(onToggleAll).toHaveBeenCalledTimes(1);

    await user.click(screen.getByText('Nimali'));
    expect(onOpen).toHaveBeenLastCalledWith(rows[1]);
    kasun.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(rows[0]);
  });

  it('shows skeleton cards while loading, then the empty state with its action, or the failure with Try again', async () => {
    phoneWidth();
    const onRetry = vi.fn();
    const { rerender } = cards({ loading: true });
    expect(screen.getByRole('list', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(6);
    const props = {
      label: 'People',
      columns,
      rowKey: (r: Row) => r.id,
      loading: false,
      empty: { message: 'Nobody yet', action: <button>Reset</button> },
      cards: { card: (r: Row) => ({ body: r.name }) },
    };
    rerender(<DataTable {...props} rows={[]} />);
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    rerender(<DataTable {...props} rows={[]} failed={{ message: 'Could not load the people', onRetry }} />);
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
