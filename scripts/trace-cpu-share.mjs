// How much of a page's long tasks its main thread actually ran on a CPU, from a Chromium trace.
//
// Lighthouse (simulated throttling) times every main-thread task by the wall clock and multiplies it
// by the CPU slowdown, so a task during which the thread waited for a core (another process, another
// thread of the browser) counts as the page's own work. Chromium records both clocks for each task:
// `dur` (wall) and `tdur` (the thread's CPU time). On a quiet machine they agree; on this shared 2-core
// host on 2026-12-04 the signed-in pages' long tasks ran 3 ms of CPU in 40 ms of wall time. This share
// is printed beside the results so that a run on a busy host reads as one (docs/performance.md).

/** Tasks shorter than this (wall, ms) can never become long tasks at a 4x slowdown (50 ms / 4). */
export const LONG_TASK_CANDIDATE_MS = 12.5;

/**
 * @typedef {{ name?: string, ph?: string, pid?: number, tid?: number, dur?: number, tdur?: number, args?: any }} TraceEvent
 */

/**
 * The CPU share of the page's main thread over its long-task candidates: the summed thread time
 * divided by the summed wall time of every top-level task of at least `minMs` on the renderer main
 * thread that ran the most tasks (the page's: others are about:blank and the like). NaN when the trace
 * has no such task or no thread times.
 * @param {TraceEvent[]} events
 * @param {number} [minMs]
 */
export function mainThreadCpuShare(events, minMs = LONG_TASK_CANDIDATE_MS) {
  /** @type {Set<string>} */
  const rendererMains = new Set();
  for (const e of events)
    if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain') rendererMains.add(`${e.pid}:${e.tid}`);
  /** @type {Map<string, { wall: number, busy: number, cpu: number, timed: boolean }>} */
  const threads = new Map();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || typeof e.dur !== 'number') continue;
    const key = `${e.pid}:${e.tid}`;
    if (!rendererMains.has(key)) continue;
    const t = threads.get(key) ?? { wall: 0, busy: 0, cpu: 0, timed: true };
    t.busy += e.dur;
    if (e.dur >= minMs * 1000) {
      t.wall += e.dur;
      if (typeof e.tdur === 'number') t.cpu += e.tdur;
      else t.timed = false;
    }
    threads.set(key, t);
  }
  const page = [...threads.values()].sort((a, b) => b.busy - a.busy)[0];
  if (!page || page.wall === 0 || !page.timed) return NaN;
  return Math.min(1, page.cpu / page.wall);
}
