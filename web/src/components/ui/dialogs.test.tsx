import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Lightbox } from './lightbox';
import { Modal } from './modal';
import { RowMenu } from './row-menu';
import { SidePanel } from './side-panel';
import { SIDE_PANEL_CLOSE_MS, usePanel } from './use-panel';
import { testDrivenTimers } from '../../test/exact-timers';

function PanelScreen({ withPreview = false }: { withPreview?: boolean }) {
  const { panel, show, close } = usePanel<{ name: string }>();
  const [preview, setPreview] = useState(false);
  return (
    <>
      <button onClick={() => show({ name: 'Row 1' })}>Open row 1</button>
      {panel && (
        <SidePanel title={`Details of ${panel.name}`} open={panel.open} onRequestClose={close}>
          <button onClick={() => setPreview(true)}>Enlarge</button>
          {withPreview && preview && <Lightbox src="/x.png" alt="x" onClose={() => setPreview(false)} />}
        </SidePanel>
      )}
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('dialog kit', () => {
  it('keeps a closed side panel for its 300 ms exit, then drops it and gives focus back to the opener', async () => {
    testDrivenTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<PanelScreen />);
    const opener = screen.getByRole('button', { name: 'Open row 1' });
    await user.click(opener);
    const panel = screen.getByRole('dialog', { name: 'Details of Row 1' });
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    act(() => vi.advanceTimersByTime(SIDE_PANEL_CLOSE_MS - 50));
    expect(panel).toBeInTheDocument();
    expect(panel).toHaveAttribute('data-state', 'closed');
    act(() => vi.advanceTimersByTime(100));
    expect(panel).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes only the top dialog on Escape', async () => {
    const user = userEvent.setup();
    render(<PanelScreen withPreview />);
    await user.click(screen.getByRole('button', { name: 'Open row 1' }));
    const enlarge = screen.getByRole('button', { name: 'Enlarge' });
    await user.click(enlarge);
    expect(screen.getByRole('button', { name: 'Close image preview' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Image preview' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Details of Row 1' })).toHaveAttribute('data-state', 'open');
    expect(enlarge).toHaveFocus();
  });

  it('focuses a modal itself, not its action, and traps Tab inside', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <>
        <button>Outside</button>
        <Modal
          title="Delete Package"
          onClose={onClose}
          actions={
            <>
              <button onClick={onClose}>Cancel</button>
              <button>Delete</button>
            </>
          }
        >
          Are you sure?
        </Modal>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Package' });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('runs a row menu action after the menu is gone, with focus back on its button', async () => {
    const user = userEvent.setup();
    const seen: Array<{ menuOpen: boolean; focused: string | null }> = [];
    const record = () =>
      seen.push({
        menuOpen: screen.queryByRole('menu') !== null,
        focused: document.activeElement?.getAttribute('aria-label') ?? null,
      });
    render(
      <RowMenu
        label="Actions for user #1"
        items={[
          { label: 'View', onSelect: record },
          { label: 'Delete', tone: 'danger', onSelect: record },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for user #1' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['View', 'Delete']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(seen).toEqual([{ menuOpen: false, focused: 'Actions for user #1' }]);

    await user.click(screen.getByRole('button', { name: 'Actions for user #1' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for user #1' })).toHaveFocus());
  });
});
