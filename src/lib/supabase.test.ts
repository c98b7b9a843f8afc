import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './supabase';

describe('loadOnce (how realtime-js and storage-js are loaded on first use)', () => {
  it('shares one load between callers', async () => {
    const load = vi.fn(() => Promise.resolve('client'));
    const get = loadOnce(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe('client');
    expect(b).toBe('client');
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load (offline, a replaced chunk), so the next use tries again and then keeps it', async () => {
    let online = false;
    const load = vi.fn(() =>
      online
        ? Promise.resolve('client')
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('Failed to fetch');
    await expect(get()).rejects.toThrow('Failed to fetch');
    online = true;
    await expect(get()).resolves.toBe('client');
    online = false;
    await expect(get()).resolves.toBe('client');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
