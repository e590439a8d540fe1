import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdStatus } from '@backoffice/contract';
import { useAdsSelection } from './use-ads-selection';

describe('the ads selection', () => {
  it('drops an ad that stops being pending on the page (another admin moderated it)', () => {
    const page = (status: AdStatus) => [
      { _id: 'a', status },
      { _id: 'b', status: 'pending' as AdStatus },
    ];
    const { result, rerender } = renderHook(({ ads }) => useAdsSelection(ads), {
      initialProps: { ads: page('pending') },
    });
    act(() => result.current.toggleAll());
    expect(result.current.pendingIds).toEqual(['a', 'b']);

    rerender({ ads: page('approved') });
    expect(result.current.isSelected('a')).toBe(false);
    expect(result.current.pendingIds).toEqual(['b']);
    expect(result.current.nonPendingIds).toEqual([]);
    expect(result.current.allSelected).toBe(true);
  });
});
