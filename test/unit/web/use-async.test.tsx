// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAsync } from '../../../web/src/lib/use-async';

afterEach(cleanup);

/** Answers each load by hand: `answer(key, value)` settles the pending load for `key`. */
function loads() {
  const pending = new Map<string, (value: string) => void>();
  return {
    load: (key: string) => () => new Promise<string>((resolve) => pending.set(key, resolve)),
    answer: (key: string, value: string) => act(() => pending.get(key)!(value)),
  };
}

describe('useAsync', () => {
  it('keeps the data on screen while reloading the same key', async () => {
    const { load, answer } = loads();
    const { result } = renderHook(({ key }) => useAsync(load(key), key), {
      initialProps: { key: 'a' },
    });
    expect(result.current).toMatchObject({ status: 'loading', data: undefined });
    await answer('a', 'A1');
    expect(result.current).toMatchObject({ status: 'ready', data: 'A1' });
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ status: 'loading', data: 'A1' });
    await answer('a', 'A2');
    expect(result.current).toMatchObject({ status: 'ready', data: 'A2' });
  });

  it('never shows one key’s data while another key loads, even after a reload', async () => {
    const { load, answer } = loads();
    const { result, rerender } = renderHook(({ key }) => useAsync(load(key), key), {
      initialProps: { key: 'a' },
    });
    await answer('a', 'A1');
    act(() => result.current.reload());
    await answer('a', 'A2');
    rerender({ key: 'b' });
    await waitFor(() => expect(result.current.status).toBe('loading'));
    expect(result.current.data).toBeUndefined();
    await answer('b', 'B1');
    expect(result.current).toMatchObject({ status: 'ready', data: 'B1' });
  });

  it('drops an answer for a key it no longer shows, and set() replaces the data', async () => {
    const { load, answer } = loads();
    const { result, rerender } = renderHook(({ key }) => useAsync(load(key), key), {
      initialProps: { key: 'a' },
    });
    rerender({ key: 'b' });
    await answer('a', 'A1');
    expect(result.current).toMatchObject({ status: 'loading', data: undefined });
    await answer('b', 'B1');
    act(() => result.current.set('B-local'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'B-local' });
  });
});
