import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../components/ui';
import { freezeTime } from '../test/exact-timers';
import { listUrl, parse, readList, useListState, type ListSpec } from './list-state';

type Url = { q?: string; colour?: 'red' | 'blue'; day?: string };
const spec: ListSpec<Url> = {
  filters: {
    q: parse.search(10),
    colour: parse.oneOf(['red', 'blue'] as const),
    day: parse.matching(/^\d{4}-\d{2}-\d{2}$/),
  },
  searchMax: 10,
  maxPage: 5,
};

describe('the list URL parsers', () => {
  it('keep what the server takes and drop the rest, so a pasted link is never a 400', () => {
    const read = (query: string) => readList(spec, new URLSearchParams(query));
    expect(read('q=%20axio%01%20&colour=red&day=2026-11-26&other=1')).toEqual({
      q: 'axio',
      colour: 'red',
      day: '2026-11-26',
    });
    expect(read('q=%20%20&colour=green&day=26-11-2026')).toEqual({});
    expect(read('q=abcdefghijklmnop')).toEqual({ q: 'abcdefghij' });
    for (const [raw, page] of [
      ['3', 3],
      ['0', 1],
      ['6', 1],
      ['2.5', 1],
      ['x', 1],
      [null, 1],
    ] as const)
      expect(parse.page(raw, 5), String(raw)).toBe(page);
  });

  it('write a URL without empty values or page 1, which reads back the same', () => {
    expect(listUrl({ q: 'axio', colour: undefined, day: '' }, 1).toString()).toBe('q=axio');
    expect(listUrl({ colour: 'blue' }, 4).toString()).toBe('colour=blue&page=4');
    const state = { q: 'a b', colour: 'red' as const, day: '2026-01-02' };
    expect(readList(spec, listUrl(state, 2))).toEqual(state);
  });
});

function Probe() {
  const list = useListState(spec);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <p data-testid="url">{location.search}</p>
      <p data-testid="state">{JSON.stringify({ filters: list.filters, page: list.page })}</p>
      <input aria-label="Search" value={list.searchText} onChange={(e) => list.setSearch(e.target.value)} />
      <button onClick={() => list.setFilter('colour', 'blue')}>Blue</button>
      <button
        onClick={() => {
          // Two choices before the first one renders (a slow machine: the router renders in a transition).
          list.setFilter('colour', 'blue');
          list.setFilter('day', '2026-11-26');
        }}
      >
        Blue that day
      </button>
      <button onClick={() => list.setPage(3)}>Page 3</button>
      <button onClick={() => list.clear()}>Clear</button>
      <button onClick={() => void navigate(-1)}>Back</button>
    </div>
  );
}

const mount = (entry: string) => {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
};
const url = () => screen.getByTestId('url').textContent;
const state = () => JSON.parse(screen.getByTestId('state').textContent!) as { filters: Url; page: number };
const click = (name: string) => act(() => screen.getByRole('button', { name }).click());

describe('useListState', () => {
  afterEach(() => vi.useRealTimers());

  it('opens a pasted link as it says, a filter resets the page, and Back undoes it', () => {
    mount('/list?q=axio&colour=red&page=2');
    expect(state()).toEqual({ filters: { q: 'axio', colour: 'red' }, page: 2 });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('axio');
    click('Blue');
    expect(url()).toBe('?q=axio&colour=blue');
    click('Page 3');
    expect(url()).toBe('?q=axio&colour=blue&page=3');
    click('Back');
    click('Back');
    expect(state()).toEqual({ filters: { q: 'axio', colour: 'red' }, page: 2 });
  });

  it('writes the search after the pause, replacing its entry, and a filter takes a waiting search along', () => {
    const router = mount('/list?colour=red&page=2');
    freezeTime();
    const box = screen.getByRole('textbox', { name: 'Search' });
    act(() => {
      box.focus();
    });
    // A change event as typing gives it.
    const type = (text: string) =>
      act(() => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(box, text);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type('toyota');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(url()).toBe('?colour=red&page=2');
    act(() => vi.advanceTimersByTime(1));
    expect(url()).toBe('?colour=red&q=toyota');
    expect(router.state.historyAction).toBe('REPLACE');

    type('axio');
    click('Blue');
    expect(url()).toBe('?q=axio&colour=blue');
    // The waiting search was taken along, not written again after the pause.
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(url()).toBe('?q=axio&colour=blue');
    click('Clear');
    expect(url()).toBe('');
    expect(box).toHaveValue('');
  });

  it('keeps a filter chosen before the last one rendered, and the search after both', () => {
    mount('/list?colour=red');
    freezeTime();
    act(() => {
      fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'axio' } });
    });
    click('Blue that day');
    expect(url()).toBe('?q=axio&colour=blue&day=2026-11-26');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(state().filters).toEqual({ q: 'axio', colour: 'blue', day: '2026-11-26' });
  });

  it('shows the search a navigation brings (Back to an earlier search)', () => {
    const router = mount('/list?q=first');
    act(() => void router.navigate('/list?q=second'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('second');
    act(() => void router.navigate(-1));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('first');
  });
});

type Queued = { q?: string; view?: 'queue'; colour?: 'red' | 'blue'; sort?: 'name' };
/** A queue is red things: its colour goes without saying. */
const queued: ListSpec<Queued> = {
  filters: {
    q: parse.search(10),
    view: parse.oneOf(['queue'] as const),
    colour: parse.oneOf(['red', 'blue'] as const),
    sort: parse.oneOf(['name'] as const),
  },
  searchMax: 10,
  maxPage: 5,
  normalize: (f) => ({ ...f, colour: f.view ? undefined : f.colour }),
};

function PagedProbe() {
  const list = useListState<Queued, string>(queued);
  return (
    <div>
      <p data-testid="cursor">{list.cursor ?? 'none'}</p>
      <input aria-label="Search" value={list.searchText} onChange={(e) => list.setSearch(e.target.value)} />
      <button onClick={() => list.setFilter('sort', 'name')}>By name</button>
      <button onClick={() => list.setPage(2, { cursor: 'after-row-10' })}>Next</button>
      <button onClick={() => list.setPage(2, { cursor: 'last-5' })}>Same page, new cursor</button>
      <button onClick={() => list.reset({ sort: 'name' })}>Reset</button>
    </div>
  );
}

const mountPaged = (entry: string) => {
  const router = createMemoryRouter([{ path: '/list', element: <PagedProbe /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
};
const at = (router: ReturnType<typeof mountPaged>) => router.state.location.search;
const typeInto = (box: HTMLElement, text: string) => act(() => void fireEvent.change(box, { target: { value: text } }));

describe('useListState for a queue, a sort and keyset pages', () => {
  afterEach(() => vi.useRealTimers());

  it('writes every URL through normalize: values implied by others are left out', () => {
    const router = mountPaged('/list?view=queue&colour=blue');
    click('By name');
    expect(at(router)).toBe('?view=queue&sort=name');
  });

  it('keeps the cursor that reached a page while that page shows; Back and a link ask by number', () => {
    const router = mountPaged('/list?colour=red');
    const cursor = () => screen.getByTestId('cursor').textContent;
    expect(cursor()).toBe('none');
    click('Next');
    expect(at(router)).toBe('?colour=red&page=2');
    expect(cursor()).toBe('after-row-10');
    // The same page takes the new cursor, without a history entry.
    click('Same page, new cursor');
    expect(cursor()).toBe('last-5');
    expect(router.state.historyAction).toBe('PUSH');
    act(() => void router.navigate(-1));
    expect(cursor()).toBe('none');
    act(() => void router.navigate('/list?colour=red&page=3'));
    expect(cursor()).toBe('none');
  });

  it('reset empties the search and every filter but the values it keeps', () => {
    const router = mountPaged('/list?q=axio&colour=red&page=3');
    click('Reset');
    expect(at(router)).toBe('?sort=name');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('keeps what was typed after the pause wrote the URL, and a search waiting across a link', async () => {
    const router = mountPaged('/list');
    const box = screen.getByRole('textbox', { name: 'Search' });
    freezeTime(['setTimeout', 'clearTimeout']);
    typeInto(box, 'jk');
    // The pause ends and the person types on before the page has caught up with the new URL.
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      fireEvent.change(box, { target: { value: 'jkx' } });
    });
    expect(at(router)).toBe('?q=jk');
    expect(box).toHaveValue('jkx');
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(at(router)).toBe('?q=jkx');

    // Typed, then a link renders before the pause ends: the box keeps it and it goes to the new state.
    typeInto(box, 'toyota');
    await act(() => router.navigate('/list?view=queue'));
    expect(box).toHaveValue('toyota');
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(at(router)).toBe('?view=queue&q=toyota');
    await act(() => router.navigate('/list?q=axio'));
    expect(box).toHaveValue('axio');
  });
});
