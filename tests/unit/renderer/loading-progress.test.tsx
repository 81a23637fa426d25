// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { COMPLETE_HOLD_MS, nextProgress, useLoadingProgress } from '../../../src/renderer/app/loading-progress';

describe('nextProgress', () => {
  it('adds 20 per tick and stops at 99 %', () => {
    const seen: number[] = [];
    let value = 0;
    for (let i = 0; i < 7; i++) {
      value = nextProgress(value);
      seen.push(value);
    }
    expect(seen).toEqual([20, 40, 60, 80, 99, 99, 99]);
  });
});

describe('useLoadingProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every 400 ms while busy, completes at 100 % and hides when the work resolves', () => {
    const { result, rerender } = renderHook(({ busy }) => useLoadingProgress(busy), { initialProps: { busy: true } });
    expect(result.current).toEqual({ visible: true, value: 0 });

    act(() => vi.advanceTimersByTime(399));
    expect(result.current.value).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.value).toBe(20);
    act(() => vi.advanceTimersByTime(400 * 3));
    expect(result.current.value).toBe(80);
    act(() => vi.advanceTimersByTime(400 * 10));
    expect(result.current.value).toBe(99);

    rerender({ busy: false });
    expect(result.current).toEqual({ visible: true, value: 100 });
    act(() => vi.advanceTimersByTime(COMPLETE_HOLD_MS));
    expect(result.current.visible).toBe(false);
  });

  it('stays hidden when nothing is loading', () => {
    const { result } = renderHook(() => useLoadingProgress(false));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.visible).toBe(false);
  });

  it('starts again from 0 for the next piece of work', () => {
    const { result, rerender } = renderHook(({ busy }) => useLoadingProgress(busy), { initialProps: { busy: true } });
    act(() => vi.advanceTimersByTime(1200));
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(COMPLETE_HOLD_MS));
    rerender({ busy: true });
    expect(result.current).toEqual({ visible: true, value: 0 });
    act(() => vi.advanceTimersByTime(400));
    expect(result.current.value).toBe(20);
  });
});
