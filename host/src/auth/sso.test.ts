import { readSsoHash, startSso, takeSsoRequest } from './sso';

describe('single sign-on in the browser', () => {
  it('sends the user to the provider with a fresh state and nonce, and reads the request back once', () => {
    const visited: string[] = [];
    startSso('https://idp.example/auth?client_id=c', { redirectUrl: null, returnTo: '/users' }, (url) => visited.push(url));
    const url = new URL(visited[0]!);
    const request = takeSsoRequest()!;
    expect(url.searchParams.get('state')).toBe(request.state);
    expect(url.searchParams.get('nonce')).toBe(request.nonce);
    expect(url.searchParams.get('client_id')).toBe('c');
    expect(request.returnTo).toBe('/users');
    expect(takeSsoRequest()).toBeNull();
  });

  it('reads an id_token or an error from the hash, and nothing else', () => {
    expect(readSsoHash('#id_token=abc&state=s')).toEqual({ kind: 'token', idToken: 'abc', state: 's' });
    expect(readSsoHash('#error=access_denied&error_description=No')).toEqual({ kind: 'error', error: 'access_denied', description: 'No' });
    expect(readSsoHash('#section-2')).toBeNull();
    expect(readSsoHash('')).toBeNull();
  });
});
