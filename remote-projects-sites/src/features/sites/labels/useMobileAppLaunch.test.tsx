import { act, renderHook } from '@testing-library/react';
import { useMobileAppLaunch, type MobileLaunchDeps } from './useMobileAppLaunch';

const URL_ = 'ssmobilestandard:?data=XlhB';

describe('useMobileAppLaunch', () => {
  let hidden: boolean;
  let deps: Partial<MobileLaunchDeps> & { open: jest.Mock; missing: jest.Mock };

  beforeEach(() => {
    jest.useFakeTimers();
    hidden = false;
    deps = { open: jest.fn(), missing: jest.fn(), isHidden: () => hidden };
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('opens the link and says the app is missing when the page is still in front after 2 s', () => {
    const { result } = renderHook(() => useMobileAppLaunch(deps));
    act(() => result.current(URL_));
    expect(deps.open).toHaveBeenCalledWith(URL_);
    act(() => jest.advanceTimersByTime(1999));
    expect(deps.missing).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(deps.missing).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the page was hidden (the app came to the front), even when it is back by then', () => {
    const { result } = renderHook(() => useMobileAppLaunch(deps));
    act(() => result.current(URL_));
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockReturnValue('visible');
    act(() => jest.advanceTimersByTime(2000));
    expect(deps.missing).not.toHaveBeenCalled();
    visibility.mockRestore();
  });

  it('says nothing when the window lost focus, or the page is hidden when the time is up', () => {
    const { result } = renderHook(() => useMobileAppLaunch(deps));
    act(() => result.current(URL_));
    window.dispatchEvent(new Event('blur'));
    act(() => jest.advanceTimersByTime(2000));
    expect(deps.missing).not.toHaveBeenCalled();

    act(() => result.current(URL_));
    hidden = true;
    act(() => jest.advanceTimersByTime(2000));
    expect(deps.missing).not.toHaveBeenCalled();
  });

  it('uses the injected timer and stops waiting when unmounted; a new launch replaces a pending one', () => {
    const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
    const setTimer = (run: () => void, ms: number) => {
      timers.push({ run, ms, cleared: false });
      return (timers.length - 1) as unknown as ReturnType<typeof setTimeout>;
    };
    const clearTimer = (timer: ReturnType<typeof setTimeout>) => {
      timers[timer as unknown as number]!.cleared = true;
    };
    const { result, unmount } = renderHook(() => useMobileAppLaunch({ ...deps, setTimer, clearTimer }));
    act(() => result.current(URL_));
    act(() => result.current(URL_));
    expect(timers.map((t) => [t.ms, t.cleared])).toEqual([
      [2000, true],
      [2000, false],
    ]);
    unmount();
    expect(timers[1]!.cleared).toBe(true);
    expect(deps.missing).not.toHaveBeenCalled();
  });

  it('ignores a blur after the wait ended', () => {
    const { result } = renderHook(() => useMobileAppLaunch(deps));
    act(() => result.current(URL_));
    act(() => jest.advanceTimersByTime(2000));
    window.dispatchEvent(new Event('blur'));
    expect(deps.missing).toHaveBeenCalledTimes(1);
  });
});
