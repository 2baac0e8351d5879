import { userEndpoints } from '../identity/model';
import { firstCall, requestOf } from './request';

describe('a route’s first call (issue 38)', () => {
  it('is the request the screen’s call function makes of the same arguments, as data', () => {
    const args = { activeOnly: true, sort: 'userName', dir: 'asc', page: 0, pageSize: 25, filter: undefined } as const;
    expect(firstCall(userEndpoints.getUsers, args)).toEqual({
      path: 'users',
      query: { activeOnly: 'true', sort: 'userName', dir: 'asc', page: '0', pageSize: '25' },
    });
    expect(requestOf(userEndpoints.getUsers, [args]).query).toEqual(args);
  });

  it('fills and encodes path parameters as the call does, and leaves out an empty query', () => {
    expect(firstCall(userEndpoints.getUser, 'jane doe@x')).toEqual({ path: 'users/jane%20doe%40x' });
  });
});
