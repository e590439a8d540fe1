import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { initialUserState } from '../features/auth/user-slice';
import { jsonResponse, makeUser, stubFetch } from '../test/render';
import { apiError, baseApi, isHttpError, serverMessage, toQuery, withQuery } from './api';

// A throwaway endpoint on the app's one API, so the test goes through the real base query and store.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, void>({ query: () => ({ url: 'probe', method: 'POST' }) }),
  }),
});

async function failedCall(answer: () => Promise<Response>) {
  stubFetch(answer);
  const store = makeStore({ user: { ...initialUserState, currentUser: makeUser() } });
  const result = await store.dispatch(probeApi.endpoints.probe.initiate());
  return { error: result.error, store };
}

describe('the base query reads the error body once', () => {
  it('gives the status, the message and the string field messages of a 400', async () => {
    const { error } = await failedCall(async () =>
      jsonResponse(
        {
          success: false,
          message: 'Check the fields',
          errors: { name: 'Name is required', 'features.2': 'Too long', n: 5 },
        },
        400,
      ),
    );
    expect(error).toEqual({
      status: 400,
      message: 'Check the fields',
      errors: { name: 'Name is required', 'features.2': 'Too long' },
    });
    expect(serverMessage(error, 'fallback')).toBe('Check the fields');
    expect(isHttpError(error)).toBe(true);
  });

  it('reads a blank message or a body without one as no message, and no errors as an empty map', async () => {
    const { error } = await failedCall(async () => jsonResponse({ success: false, message: '  ' }, 500));
    expect(error).toEqual({ status: 500, message: null, errors: {} });
    expect(serverMessage(error, 'Failed to save')).toBe('Failed to save');
  });

  it('gives no status when no answer came or it could not be read', async () => {
    const network = await failedCall(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(network.error).toEqual({ status: null, message: null, errors: {} });
    expect(isHttpError(network.error)).toBe(false);
    vi.restoreAllMocks();
    const unreadable = await failedCall(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(unreadable.error).toEqual({ status: null, message: null, errors: {} });
  });

  it('signs the admin out on a 401', async () => {
    const { error, store } = await failedCall(async () =>
      jsonResponse({ success: false, message: 'Session expired' }, 401),
    );
    expect(apiError(error).status).toBe(401);
    expect(store.getState().user.currentUser).toBeNull();
  });

  it('reads anything else (a thrown exception) as a failure without an answer', () => {
    expect(apiError({ name: 'Error', message: 'boom' })).toEqual({ status: null, message: null, errors: {} });
    expect(apiError(undefined)).toEqual({ status: null, message: null, errors: {} });
  });
});

describe('the one query-string builder', () => {
  it('leaves out undefined, null and empty values and keeps zero and false', () => {
    expect(toQuery({ q: '', status: 'pending', page: 0, all: false, a: undefined, b: null })).toBe(
      'status=pending&page=0&all=false',
    );
  });

  it('encodes values and gives the bare path when nothing is left', () => {
    expect(withQuery('/ads', { q: 'Toyota & sons', category: 'Cars/Vans' })).toBe(
      '/ads?q=Toyota+%26+sons&category=Cars%2FVans',
    );
    expect(withQuery('/ads', { q: '' })).toBe('/ads');
  });
});
