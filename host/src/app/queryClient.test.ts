import { ApiError } from 'shared';
import { isTransient, queryClient } from './queryClient';

describe('queryClient', () => {
  const retry = queryClient.getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;

  it('never asks again after a 4xx or a 500: the screen shows the failure at once', () => {
    for (const status of [400, 401, 403, 404, 409, 429, 500]) expect(retry(0, new ApiError(status, 'no', {}, 'users'))).toBe(false);
  });

  it('asks once more when no answer came or a gateway failed', () => {
    for (const status of [0, 502, 503, 504]) {
      expect(isTransient(new ApiError(status, undefined, undefined, 'users'))).toBe(true);
      expect(retry(0, new ApiError(status, undefined, undefined, 'users'))).toBe(true);
      expect(retry(1, new ApiError(status, undefined, undefined, 'users'))).toBe(false);
    }
  });
});
