// The core of useLoad, driven the way React drives it: each new read starts after the previous
// read's cleanup (cancel) ran. The repo has no DOM for Vitest, so the hook's glue stays thin and
// this tests what it delegates to.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DbError, SECOND_FACTOR_REQUIRED } from '~/lib/db-errors';
import { answers, startRead, type Answer, type ReadOutcome } from './useLoad';

const sendToSecondFactor = vi.fn();
const toastError = vi.fn();
vi.mock('~/lib/guard', () => ({ sendToSecondFactor: () => sendToSecondFactor() }));
vi.mock('~/lib/toast', () => ({ default: { error: (text: string) => toastError(text) } }));

/** A read whose answer the test releases when it likes. */
function deferred<T>(): { load: () => Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve, reject };
}

/** Lets the promise callbacks run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  sendToSecondFactor.mockReset();
  toastError.mockReset();
});

describe('useLoad: one read at a time, newest wins', () => {
  it('drops a slow answer to an older read that arrives after the newer one', async () => {
    const shown: ReadOutcome<string>[] = [];
    const older = deferred<string>();
    const newer = deferred<string>();
    const cancelOlder = startRead(older.load, 'Could not load.', true, (o) => shown.push(o));
    cancelOlder(); // the filters changed: React cleans up the old effect before starting the new one
    startRead(newer.load, 'Could not load.', true, (o) => shown.push(o));
    newer.resolve('page 2');
    await settle();
    older.resolve('page 1 (stale)');
    await settle();
    expect(shown).toEqual([{ data: 'page 2' }]);
  });

  it('drops a late failure of an older read too, without a toast', async () => {
    const shown: ReadOutcome<string>[] = [];
    const older = deferred<string>();
    startRead(older.load, 'Could not load.', true, (o) => shown.push(o))();
    older.reject(new Error('timed out'));
    await settle();
    expect(shown).toEqual([]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows a failure in place and as a toast, with the error’s own text or the fallback', async () => {
    const shown: ReadOutcome<string>[] = [];
    const failing = deferred<string>();
    startRead(failing.load, 'Could not load your statement.', true, (o) => shown.push(o));
    failing.reject(new DbError('Balances are being recalculated.'));
    const silent = deferred<string>();
    startRead(silent.load, 'Could not load your statement.', false, (o) => shown.push(o));
    silent.reject(new Error(''));
    await settle();
    expect(shown).toEqual([
      { error: 'Balances are being recalculated.' },
      { error: 'Could not load your statement.' },
    ]);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('Balances are being recalculated.');
  });

  it('sends an admin whose session fell back to aal1 to the code prompt instead of an error', async () => {
    const shown: ReadOutcome<string>[] = [];
    const read = deferred<string>();
    startRead(read.load, 'Could not load users.', true, (o) => shown.push(o));
    read.reject(new DbError('Admin actions need your authenticator code.', SECOND_FACTOR_REQUIRED));
    await settle();
    expect(sendToSecondFactor).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('counts as loading until the shown answer belongs to this load, key and reload count', () => {
    const load = (): Promise<number> => Promise.resolve(1);
    const shown: Answer<number> = { load, key: 'page=1', version: 0, data: 1, error: null };
    expect(answers(shown, load, 'page=1', 0)).toBe(true);
    expect(answers(shown, load, 'page=2', 0)).toBe(false);
    expect(answers(shown, load, 'page=1', 1)).toBe(false);
    expect(answers(shown, () => Promise.resolve(1), 'page=1', 0)).toBe(false);
  });
});
