import AdminArea, { type AdminPath } from './AdminArea';
import UsersTable from './users/UsersTable';

/**
 * The work queue's place on /admin/home, its final height reserved at every width, so the users
 * table below does not move when it arrives: five cards (WorkQueuePanel's CARD, 6rem) in 3, 2 or 1
 * rows with 0.75rem gaps under a 3.75rem heading (23.25, 16.5 and 9.75rem).
 */
const QUEUE_SLOT = 'mb-8 min-h-93 sm:min-h-66 xl:min-h-39';

/** /admin/home (the work queue, then the users table) and /admin/users (the table). */
export default function UsersPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Users">
      {(session) => (
        <>
          {current === '/admin/home' && <section className={QUEUE_SLOT}>{session.workQueue}</section>}
          <UsersTable can={session.can} userId={session.userId} />
        </>
      )}
    </AdminArea>
  );
}
