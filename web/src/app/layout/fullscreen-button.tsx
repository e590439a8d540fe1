import { useEffect, useState } from 'react';
import { Maximize, Minimize } from 'lucide-react';
import { IconButton } from '../../components/ui';

/**
 * The full-screen toggle, in the header bar (never over the page's controls); its state follows the
 * browser, toggle errors are only logged (docs/product.md#overview).
 */
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
    <IconButton onClick={toggle} aria-label={label} title={label}>
      <Icon className="size-5" aria-hidden="true" />
    </IconButton>
  );
}
