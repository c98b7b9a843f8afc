/**
 * src/lib/toast.ts: react-hot-toast loads with the page's first toast, and the toast area mounts at
 * that moment (Toaster.tsx listens with onFirstToast); a toast raised before either is still shown.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.fn();
vi.mock('react-hot-toast', () => ({
  default: { success: (m: string) => shown('success', m), error: (m: string) => shown('error', m) },
}));

describe('toasts load with the first one', () => {
  beforeEach(() => {
    vi.resetModules();
    shown.mockReset();
  });

  it('tells the toast area once, at the first toast, and shows every toast in order', async () => {
    const { default: toast, onFirstToast } = await import('~/lib/toast');
    const mounted = vi.fn();
    const stop = onFirstToast(mounted);
    expect(mounted).not.toHaveBeenCalled();
    toast.success('Saved');
    toast.error('Refused');
    expect(mounted).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(2));
    expect(shown.mock.calls).toEqual([
      ['success', 'Saved'],
      ['error', 'Refused'],
    ]);
    stop();
  });

  it('tells an area that mounts after the first toast at once; one that left is not told', async () => {
    const { default: toast, onFirstToast } = await import('~/lib/toast');
    const left = vi.fn();
    onFirstToast(left)();
    toast.success('Saved');
    expect(left).not.toHaveBeenCalled();
    const late = vi.fn();
    onFirstToast(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
