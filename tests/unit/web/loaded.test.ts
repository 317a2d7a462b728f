import { describe, expect, it } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import { loaded } from '../../../web/src/lib/query-client.js';

/** How the screens show a read from the query cache: loading, its value, or their own words for a failure. */
const query = (state: Partial<UseQueryResult<number>>) =>
  ({ status: 'pending', isFetching: true, data: undefined, error: null, ...state }) as UseQueryResult<number>;

describe('loaded', () => {
  it('is loading until the first answer, then ready with it (also while it is read again)', () => {
    expect(loaded(query({}), 'Failed')).toEqual({ status: 'loading' });
    expect(loaded(query({ status: 'success', isFetching: false, data: 3 }), 'Failed')).toEqual({ status: 'ready', value: 3 });
    expect(loaded(query({ status: 'success', isFetching: true, data: 3 }), 'Failed')).toEqual({ status: 'ready', value: 3 });
  });

  it('says a failure in the screen\'s words, and shows loading again while "Try again" runs', () => {
    const error = new Error('Please sign in again.');
    expect(loaded(query({ status: 'error', isFetching: false, error }), 'Failed to load')).toEqual({ status: 'error', error: 'Failed to load' });
    expect(loaded(query({ status: 'error', isFetching: false, error }), (failure) => failure.message)).toEqual({
      status: 'error',
      error: 'Please sign in again.',
    });
    expect(loaded(query({ status: 'error', isFetching: true, error }), 'Failed to load')).toEqual({ status: 'loading' });
  });
});
