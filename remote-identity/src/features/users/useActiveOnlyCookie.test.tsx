import { act, renderHook } from '@testing-library/react';
import { useActiveOnlyCookie } from './useActiveOnlyCookie';

describe('useActiveOnlyCookie', () => {
  it('starts on, and remembers a change in a cookie for 365 days', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    jest.spyOn(document, 'cookie', 'set').mockImplementation((value) => {
      written.push(value);
      descriptor.set!.call(document, value);
    });
    const { result } = renderHook(() => useActiveOnlyCookie());
    expect(result.current[0]).toBe(true);
    act(() => result.current[1](false));
    expect(result.current[0]).toBe(false);
    expect(written.at(-1)).toBe('usersActiveOnly=false; max-age=31536000; path=/; samesite=lax');
    expect(renderHook(() => useActiveOnlyCookie()).result.current[0]).toBe(false);
  });
});
