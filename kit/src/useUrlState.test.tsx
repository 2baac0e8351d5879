import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { urlParam, useUrlState } from './useUrlState';

const spec = {
  q: urlParam.string(),
  sort: urlParam.oneOf(['userName', 'companyName'] as const, 'userName'),
  page: urlParam.number(0),
  licenseId: urlParam.optionalNumber(),
  active: urlParam.boolean(true),
};

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ state: useUrlState(spec), location: useLocation(), navigate: useNavigate() }), { wrapper });
}

describe('useUrlState', () => {
  it('reads typed values from the query string, and defaults where it is silent or wrong', () => {
    const { result } = setup('/users?q=ann&sort=companyName&page=2&licenseId=7&active=false');
    expect(result.current.state[0]).toEqual({ q: 'ann', sort: 'companyName', page: 2, licenseId: 7, active: false });
    const wrong = setup('/users?sort=DROP&page=-1&licenseId=x&active=maybe');
    expect(wrong.result.current.state[0]).toEqual({ q: '', sort: 'userName', page: 0, licenseId: null, active: true });
  });

  it('writes changes to the URL, leaving defaults out, and Back restores the list before', () => {
    const { result } = setup('/users');
    act(() => result.current.state[1]({ q: 'ann', page: 3 }));
    expect(result.current.location.search).toBe('?q=ann&page=3');
    act(() => result.current.state[1]({ page: 0, sort: 'companyName' }));
    expect(result.current.location.search).toBe('?q=ann&sort=companyName');
    act(() => result.current.navigate(-1));
    expect(result.current.state[0]).toMatchObject({ q: 'ann', page: 3, sort: 'userName' });
  });

  it('replaces the history entry when asked (typing), so Back skips the keystrokes', () => {
    const { result } = setup('/users?page=1');
    act(() => result.current.state[1]({ page: 2 }));
    act(() => result.current.state[1]({ q: 'a' }, { replace: true }));
    act(() => result.current.state[1]({ q: 'an' }, { replace: true }));
    act(() => result.current.navigate(-1));
    expect(result.current.state[0]).toMatchObject({ q: '', page: 1 });
  });

  it('keeps both of two changes made before the page draws again (a search typed, then a filter chosen at once)', () => {
    const { result } = setup('/audit');
    const set = result.current.state[1];
    act(() => {
      set({ q: 'e2e.admin', page: 0 }, { replace: true });
      set({ sort: 'companyName', page: 0 });
    });
    expect(result.current.location.search).toBe('?q=e2e.admin&sort=companyName');
  });
});
