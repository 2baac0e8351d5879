import { act, renderHook } from '@testing-library/react';
import { useIdTicks } from './AddonsChecklist';

describe('useIdTicks', () => {
  it('follows the saved set when nothing was ticked since', () => {
    const { result, rerender } = renderHook(({ held }) => useIdTicks(held), { initialProps: { held: [1] } });
    rerender({ held: [1, 2] });
    expect([...result.current.own]).toEqual([1, 2]);
    expect(result.current.dirty).toBe(false);
  });

  it('keeps a tick made while the saved set was being read again, and calls it unsaved', () => {
    const { result, rerender } = renderHook(({ held }) => useIdTicks(held), { initialProps: { held: [1] } });
    // Saved with 2 ticked; before the new state arrives the user ticks 3.
    act(() => result.current.toggle(2, true));
    act(() => result.current.toggle(3, true));
    rerender({ held: [1, 2] });
    expect([...result.current.own].sort()).toEqual([1, 2, 3]);
    expect(result.current.dirty).toBe(true);
  });

  it('is clean once the saved set matches the ticks', () => {
    const { result, rerender } = renderHook(({ held }) => useIdTicks(held), { initialProps: { held: [1] } });
    act(() => result.current.toggle(2, true));
    expect(result.current.dirty).toBe(true);
    rerender({ held: [2, 1] });
    expect(result.current.dirty).toBe(false);
    act(() => result.current.toggle(1, false));
    expect([...result.current.own]).toEqual([2]);
  });
});
