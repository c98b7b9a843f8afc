import type { Capabilities } from '~/lib/admin/staff';
import { WORK_QUEUE_ITEMS, WORK_QUEUE_TEXT, type WorkQueue } from '~/lib/admin/work-queue-items';

/**
 * Each item's card, fixed at 6rem (room for a two-line label) so the counts arriving move nothing.
 * UsersPage's QUEUE_SLOT reserves the queue's height from it: change the two together. (The two
 * stay literal and apart: a shared module becomes a chunk of its own and costs /admin/home's budget.)
 */
const CARD = 'flex h-24 flex-col justify-between rounded-(--radius-card) border p-3 text-sm';

/**
 * The top of /admin/home: what waits, each count linking to the page that handles it, live (the admin
 * shell's feed). Loaded after the page (UsersPage), so the home page's first load does not carry it.
 * A role that cannot open an item's page (support: Approvals) sees its count as text, not a link.
 */
export default function WorkQueuePanel({ queue, can }: { queue: WorkQueue | null; can: Capabilities }) {
  const total = queue ? WORK_QUEUE_ITEMS.reduce((sum, item) => sum + queue[item.key], 0) : null;
  return (
    <>
      <h2 className="font-sans text-base font-semibold text-ink-950">{WORK_QUEUE_TEXT.heading}</h2>
      <p className="mt-1 text-sm text-muted" aria-live="polite">
        {total === null ? WORK_QUEUE_TEXT.loading : total === 0 ? WORK_QUEUE_TEXT.allClear : '\u00a0'}
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {WORK_QUEUE_ITEMS.map((item) => {
          const count = queue ? queue[item.key] : null;
          const body = (
            <>
              <span className="text-2xl font-semibold text-ink-950 tabular-nums">{count ?? '–'}</span>{' '}
              <span className="leading-tight">{item.label}</span>
            </>
          );
          const open = item.key !== 'awaiting_me' || can.readMoney;
          const tone = count ? 'border-accent-400 bg-accent-50' : 'border-mist-200 bg-white';
          return (
            <li key={item.key}>
              {open ? (
                <a href={item.href} className={`${CARD} ${tone} text-ink-900 hover:border-ink-500`}>
                  {body}
                </a>
              ) : (
                <p className={`${CARD} ${tone} text-muted`}>{body}</p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
