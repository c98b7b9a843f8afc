import { describe, expect, it } from 'vitest';
import { LONG_TASK_CANDIDATE_MS, mainThreadCpuShare } from '../../scripts/trace-cpu-share.mjs';

/** scripts/trace-cpu-share.mjs: how much of a page's long tasks its main thread ran on a CPU. */
const MAIN = { pid: 1, tid: 10 };
const OTHER_RENDERER = { pid: 2, tid: 20 };
const BROWSER = { pid: 3, tid: 30 };

const names = [
  { name: 'thread_name', ph: 'M', ...MAIN, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ...OTHER_RENDERER, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ...BROWSER, args: { name: 'CrBrowserMain' } },
];
/** A task of `wallMs` of which the thread ran `cpuMs`. */
const task = (where: { pid: number; tid: number }, wallMs: number, cpuMs?: number) => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  dur: wallMs * 1000,
  ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
});

describe("the main thread's CPU share of its long tasks", () => {
  it('is thread time over wall time of the tasks that can become long', () => {
    expect(mainThreadCpuShare([...names, task(MAIN, 40, 10), task(MAIN, 20, 20)])).toBeCloseTo(30 / 60);
  });

  it('counts a task from exactly 12.5 ms, not one just under', () => {
    expect(LONG_TASK_CANDIDATE_MS).toBe(12.5);
    const at = mainThreadCpuShare([...names, task(MAIN, 12.5, 2.5), task(MAIN, 20, 20)]);
    expect(at).toBeCloseTo(22.5 / 32.5);
    const under = mainThreadCpuShare([...names, task(MAIN, 12.499, 0), task(MAIN, 20, 20)]);
    expect(under).toBe(1);
  });

  it("reads the page's renderer (the busiest), not another renderer or the browser", () => {
    const events = [
      ...names,
      task(MAIN, 30, 30),
      task(MAIN, 30, 30),
      task(OTHER_RENDERER, 40, 4),
      task(BROWSER, 500, 5),
    ];
    expect(mainThreadCpuShare(events)).toBe(1);
  });

  it('has no answer without long tasks or without thread times', () => {
    expect(mainThreadCpuShare([...names, task(MAIN, 5, 5)])).toBeNaN();
    expect(mainThreadCpuShare([...names, task(MAIN, 30)])).toBeNaN();
    expect(mainThreadCpuShare([])).toBeNaN();
  });

  it('never exceeds 1 (thread time can round above wall time)', () => {
    expect(mainThreadCpuShare([...names, task(MAIN, 20, 20.02)])).toBe(1);
  });
});
