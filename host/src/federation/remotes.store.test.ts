import { declarationUrl, kernelProblem, remoteEntryUrl, remoteForPath } from './remotes.store';

const prefixes = { identity: ['/users', '/user', '/userGroups'], licensing: ['/license'], deep: ['/users/special'] };

describe('remoteForPath', () => {
  it('finds the remote that owns a path by whole segments, the longest prefix first', () => {
    expect(remoteForPath(prefixes, '/users')).toBe('identity');
    expect(remoteForPath(prefixes, '/users/jo/view')).toBe('identity');
    expect(remoteForPath(prefixes, '/user/jo')).toBe('identity');
    expect(remoteForPath(prefixes, '/users/special/x')).toBe('deep');
    expect(remoteForPath(prefixes, '/license/1/view')).toBe('licensing');
    expect(remoteForPath(prefixes, '/licenses')).toBeUndefined();
    expect(remoteForPath(prefixes, '/')).toBeUndefined();
  });
});

describe('kernelProblem', () => {
  it('accepts a remote built for the kernel major the console runs', () => {
    expect(kernelProblem('^1.0.0', '1.4.2')).toBeUndefined();
    expect(kernelProblem(undefined, '1.0.0')).toBeUndefined();
  });

  it('names both majors when they differ', () => {
    expect(kernelProblem('^2.0.0', '1.0.0')).toBe('built for console kernel 2, this console runs 1');
    expect(kernelProblem('^1.0.0', '2.0.0')).toBe('built for console kernel 1, this console runs 2');
  });

  it('refuses a remote built against a newer minor of the same major, which may use what this kernel lacks', () => {
    expect(kernelProblem('^1.1.0', '1.0.3')).toBe('built for console kernel 1.1.0, this console runs 1.0.3');
    expect(kernelProblem('^1.1.2', '1.1.0')).toBe('built for console kernel 1.1.2, this console runs 1.1.0');
    expect(kernelProblem('^1.1.0', '1.1.0')).toBeUndefined();
  });
});

describe('remoteEntryUrl', () => {
  const declaration = (entry: string, version = '') => ({ version, federation: { name: 'remote_identity', entry } });

  it('is the entry beside the declaration, with the build version so a redeployed remote is fetched anew', () => {
    expect(remoteEntryUrl('/remotes/identity/mf-manifest.json', declaration('remoteEntry.js', '0.1.0+20261123.081414'), 'https://console.example/users')).toBe(
      'https://console.example/remotes/identity/remoteEntry.js?v=0.1.0%2B20261123.081414',
    );
  });

  it('follows a manifest on another host and an entry in a subfolder', () => {
    expect(remoteEntryUrl('https://cdn.example/wf/mf-manifest.json', declaration('static/remoteEntry.js'), 'https://console.example/')).toBe(
      'https://cdn.example/wf/static/remoteEntry.js',
    );
    expect(remoteEntryUrl('http://localhost:3002/mf-manifest.json', declaration('remoteEntry.js'), 'http://localhost:3000/')).toBe(
      'http://localhost:3002/remoteEntry.js',
    );
  });
});

describe('declarationUrl', () => {
  it('is remote.json beside the manifest', () => {
    expect(declarationUrl('/remotes/workflows/mf-manifest.json', 'https://console.example/x')).toBe('https://console.example/remotes/workflows/remote.json');
    expect(declarationUrl('/remotes/workflows/1.2.0/mf-manifest.json', 'https://console.example/')).toBe(
      'https://console.example/remotes/workflows/1.2.0/remote.json',
    );
  });
});
