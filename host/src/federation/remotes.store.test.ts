import { remoteForPath, type RemoteEntry } from './remotes.store';

const remote = (id: string, prefixes: string[]): RemoteEntry => ({ id, name: id, entry: `/${id}.json`, prefixes });
const remotes = [remote('identity', ['/users', '/user', '/userGroups']), remote('licensing', ['/license']), remote('deep', ['/users/special'])];

describe('remoteForPath', () => {
  it('finds the remote that owns a path by whole segments, the longest prefix first', () => {
    expect(remoteForPath(remotes, '/users')?.id).toBe('identity');
    expect(remoteForPath(remotes, '/users/jo/view')?.id).toBe('identity');
    expect(remoteForPath(remotes, '/user/jo')?.id).toBe('identity');
    expect(remoteForPath(remotes, '/users/special/x')?.id).toBe('deep');
    expect(remoteForPath(remotes, '/license/1/view')?.id).toBe('licensing');
    expect(remoteForPath(remotes, '/licenses')).toBeUndefined();
    expect(remoteForPath(remotes, '/')).toBeUndefined();
  });
});
