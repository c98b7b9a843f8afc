import { afterEach, describe, expect, it } from 'vitest';
import { pendingEarlyRead, resetEarlyReads, startEarlyRead } from '~/lib/early-read';
import { sessionStorageKey } from '~/lib/supabase-config';
import { followEarly } from './useEarlyAnswer';

/**
 * The early paint racing the live feed (useEarlyAnswer): whatever order the early read's answer and
 * the live values arrive in, the newest value stays on screen. The early read is a real one
 * (startEarlyRead) whose request answers when the test says.
 */

afterEach(() => resetEarlyReads());

const stored = {
  getItem: (key: string) =>
    key === sessionStorageKey
      ? JSON.stringify({
          access_token: 't',
          expires_at: Math.floor(Date.now() / 1000) + 3600,
          user: { id: 'u', email: 'u@example.com' },
        })
      : null,
};

/** An early read named `key` whose answer the test releases; and a component's state beside it. */
function race(key: string) {
  let answer: (value: string | null) => void = () => {};
  startEarlyRead<string>(
    key,
    () => new Promise<string | null>((resolve) => (answer = resolve)),
    () => Promise.reject(new Error('no network in this test')),
    stored,
  );
  let shown: string | null = null;
  const stop = followEarly(pendingEarlyRead<string>(key), (update) => (shown = update(shown)));
  // The live feed sets its value outright, as watchProfile's onData does.
  const live = (value: string) => (shown = value);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { answer, live, stop, settle, shown: () => shown };
}

describe('the early answer and the live feed', () => {
  it('a late early read never overwrites a newer live value', async () => {
    const r = race('late');
    r.live('live balance 15.00');
    r.answer('early balance 10.00');
    await r.settle();
    expect(r.shown()).toBe('live balance 15.00');
  });

  it('an early read in time is shown, and the live value replaces it', async () => {
    const r = race('in-time');
    r.answer('early balance 10.00');
    await r.settle();
    expect(r.shown()).toBe('early balance 10.00');
    r.live('live balance 15.00');
    expect(r.shown()).toBe('live balance 15.00');
  });

  it('after the island has gone (cleanup), a late answer changes nothing', async () => {
    const r = race('unmounted');
    r.stop();
    r.answer('early balance 10.00');
    await r.settle();
    expect(r.shown()).toBeNull();
  });

  it('no early answer (no session, a failed read) leaves the state alone', async () => {
    const r = race('none');
    r.answer(null);
    await r.settle();
    expect(r.shown()).toBeNull();
    r.live('live balance 15.00');
    expect(r.shown()).toBe('live balance 15.00');
  });
});

describe('the early paint into the page', () => {
  const globals = globalThis as unknown as Record<string, unknown>;
  afterEach(() => {
    for (const name of ['document', 'requestAnimationFrame', 'Astro']) delete globals[name];
  });

  /** A page whose server-rendered skeleton the island may already have replaced by its own render. */
  function page() {
    const skeleton = { name: 'skeleton' };
    const island = { name: 'island' };
    const state = { tookOver: false };
    globals.document = {
      readyState: 'complete',
      querySelectorAll: (selector: string) =>
        selector === '[data-prerendered]'
          ? state.tookOver
            ? []
            : [skeleton]
          : state.tookOver
            ? [island]
            : [skeleton],
    };
    globals.requestAnimationFrame = (then: () => void) => setTimeout(then, 0);
    return { skeleton, state };
  }

  it('fills the skeleton when the answer comes first, and never the island’s render after a takeover', async () => {
    const { paintEarly } = await import('~/lib/early-read');
    for (const tookOver of [false, true]) {
      const { skeleton, state } = page();
      let answer: (value: string) => void = () => {};
      const filled: unknown[] = [];
      paintEarly(new Promise<string | null>((resolve) => (answer = resolve)), (root, value) =>
        filled.push([root, value]),
      );
      // The island released by its cap renders live values before the early answer arrives.
      state.tookOver = tookOver;
      answer('early balance 10.00');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(filled, `took over: ${tookOver}`).toEqual(tookOver ? [] : [[skeleton, 'early balance 10.00']]);
    }
  });
});
