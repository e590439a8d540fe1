import { useCallback, useState } from 'react';

/** localStorage key of the panel's "Stay on the ad after a decision" setting. */
export const STAY_ON_DECIDED_KEY = 'backoffice.adPanel.stayOnDecided';

function read(): boolean {
  try {
    return window.localStorage.getItem(STAY_ON_DECIDED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * After a decision the panel moves on to the next pending ad ("Approve & next", the default);
 * this setting, remembered in the browser, keeps it on the decided ad instead.
 */
export function useStayOnDecided() {
  const [stay, setStay] = useState(read);
  const change = useCallback((value: boolean) => {
    setStay(value);
    try {
      window.localStorage.setItem(STAY_ON_DECIDED_KEY, String(value));
    } catch {
      // A browser that refuses storage keeps the setting for this page only.
    }
  }, []);
  return [stay, change] as const;
}
