import { fillPattern, prefixesOf, sectionLink } from './route';
import { defineRoute } from './types';

describe('defineRoute', () => {
  it('builds links from the pattern, encoding each param', () => {
    const userView = defineRoute({
      id: 'user.view',
      path: '/users/:name/view',
      handle: { roles: 'signedIn' },
      lazy: () => Promise.reject(new Error('not loaded')),
    });
    expect(userView.to({ name: 'j.doe@x.com' })).toBe('/users/j.doe%40x.com/view');
    expect(userView.path).toBe('/users/:name/view');
  });
});

describe('fillPattern', () => {
  it('refuses a link with a param missing', () => {
    expect(() => fillPattern('/license/:id/view', {})).toThrow("needs 'id'");
  });
});

describe('prefixesOf', () => {
  it('gives each first segment once', () => {
    expect(prefixesOf(['/users', '/users/:name/view', '/userGroups/new', '/apikeys'])).toEqual(['/users', '/userGroups', '/apikeys']);
  });
});

describe('sectionLink', () => {
  it('names the remote and the route, with params in the query', () => {
    expect(sectionLink('licensing', 'license.view', { id: 7 })).toBe('/to/licensing/license.view?id=7');
  });
});
