import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FullscreenButton } from './fullscreen-button';

function setFullscreenElement(element: Element | null) {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: element });
  act(() => {
    document.dispatchEvent(new Event('fullscreenchange'));
  });
}

describe('FullscreenButton', () => {
  afterEach(() => {
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
  });

  it('follows the browser full-screen state', () => {
    render(<FullscreenButton />);
    expect(screen.getByRole('button', { name: 'Enter fullscreen' })).toBeInTheDocument();
    setFullscreenElement(document.documentElement);
    expect(screen.getByRole('button', { name: 'Exit fullscreen' })).toBeInTheDocument();
    setFullscreenElement(null);
    expect(screen.getByRole('button', { name: 'Enter fullscreen' })).toBeInTheDocument();
  });

  it('requests full screen, and exits when already full screen', async () => {
    const request = vi.fn(() => Promise.resolve());
    const exit = vi.fn(() => Promise.resolve());
    document.documentElement.requestFullscreen = request;
    document.exitFullscreen = exit;
    const user = userEvent.setup();
    render(<FullscreenButton />);

    await user.click(screen.getByRole('button', { name: 'Enter fullscreen' }));
    expect(request).toHaveBeenCalledOnce();

    setFullscreenElement(document.documentElement);
    await user.click(screen.getByRole('button', { name: 'Exit fullscreen' }));
    expect(exit).toHaveBeenCalledOnce();
  });
});
