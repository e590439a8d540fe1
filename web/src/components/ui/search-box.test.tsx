import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './search-box';

/**
 * The debounce itself, under fake timers: the screens' tests enter a search as one edit
 * (web/src/test/search.ts), so that a loaded machine pausing between typed keys cannot split it.
 */
describe('useDebouncedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the trimmed text exactly SEARCH_DEBOUNCE_MS after the last key, once', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    const seen: string[] = [];
    for (const text of ['N', 'Ni', 'Nim', 'Nima', 'Nimal ']) {
      act(() => result.current.setSearch(text));
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      seen.push(result.current.search);
    }
    // Each key came before the pause ended: nothing asked yet, the box shows every key.
    expect(seen).toEqual(['', '', '', '', '']);
    expect(result.current.text).toBe('Nimal ');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.search).toBe('Nimal');
  });

  it('replace sets both at once and drops a search still waiting', () => {
    const { result } = renderHook(() => useDebouncedSearch('old'));
    act(() => result.current.setSearch('typed'));
    act(() => result.current.replace(''));
    expect(result.current).toMatchObject({ text: '', search: '' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(result.current.search).toBe('');
  });
});
