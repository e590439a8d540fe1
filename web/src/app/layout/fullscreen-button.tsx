import { useEffect, useState } from 'react';
import { Maximize, Minimize } from 'lucide-react';
import { cx, focusRing } from '../../components/ui';

/** Floating bottom-right toggle; state follows the browser, toggle errors are only logged (docs/product.md#overview). */
export function FullscreenButton() {
  const [isFullscreen, setIsFullscreen] = useState(() => document.fullscreenElement != null);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement != null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  async function toggle() {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch (error) {
      console.error(error);
    }
  }

  const label = isFullscreen ? 'Exit fullscreen' : 'Enter fullscreen';
  const Icon = isFullscreen ? Minimize : Maximize;
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      className={cx(
        'fixed right-6 bottom-6 z-30 inline-flex size-12 items-center justify-center rounded-full',
        'bg-indigo-500 text-white shadow-lg shadow-indigo-950/50 transition-colors hover:bg-indigo-600',
        focusRing,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
