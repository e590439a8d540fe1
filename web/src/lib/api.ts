import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { signOut } from './session-events';

/** A value a list call's query string may carry; empty ones (undefined, null, '') are left out. */
type QueryValue = string | number | boolean | null | undefined;

/** The one query-string builder of every list call and link (docs/decisions/0024-list-screen-kit.md). */
export function toQuery(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, QueryValue][]) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  return search.toString();
}

/** `path?query`, or the bare path when every value is empty. */
export function withQuery(path: string, params: object): string {
  const query = toQuery(params);
  return query ? `${path}?${query}` : path;
}

/**
 * A failed call as every feature reads it. The server answers bad input with
 * `{ success: false, message, errors? }`; it is read here once, so that features never look at
 * the raw body.
 */
export interface ApiError {
  /** The HTTP status; null when no answer came (network failure) or the answer could not be read. */
  status: number | null;
  /** The server's `message`, when it sent a non-empty one. */
  message: string | null;
  /** The server's message per field (empty when it sent none). */
  errors: Record<string, string>;
}

const noAnswer: ApiError = { status: null, message: null, errors: {} };

function readBody(status: number, data: unknown): ApiError {
  if (typeof data !== 'object' || data === null) return { ...noAnswer, status };
  const { message, errors } = data as { message?: unknown; errors?: unknown };
  const fields =
    typeof errors === 'object' && errors !== null
      ? Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
  return {
    status,
    message: typeof message === 'string' && message.trim() !== '' ? message : null,
    errors: fields,
  };
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'include' });

/** Any 401 means the session is gone (docs/decisions/0012-access-control.md): clear it locally; the admin guard then goes to /. */
export const baseQueryWithSignOut: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const { status } = result.error;
  if (status === 401) api.dispatch(signOut());
  const error = typeof status === 'number' ? readBody(status, result.error.data) : noAnswer;
  return { error, meta: result.meta };
};

/**
 * The normalised error of a failed call. A mutation's `result.error` may also be a thrown
 * exception (no HTTP answer at all); it reads as one with no status.
 */
export function apiError(error: unknown): ApiError {
  if (typeof error === 'object' && error !== null && 'errors' in error && 'status' in error) {
    const candidate = error as ApiError;
    if (candidate.status === null || typeof candidate.status === 'number') return candidate;
  }
  return noAnswer;
}

/** The server's message of a failed call, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return apiError(error).message ?? fallback;
}

/** True when the server answered with an error (as opposed to a network or parse failure). */
export function isHttpError(error: unknown): boolean {
  return apiError(error).status !== null;
}

/** One RTK Query API for the app; features add endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSignOut,
  endpoints: () => ({}),
});
