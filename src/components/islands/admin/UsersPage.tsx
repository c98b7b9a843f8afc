import AdminArea, { type AdminPath } from './AdminArea';
import UsersTable from './users/UsersTable';

/** /admin/home and /admin/users (the spec shows the same users table on both). */
export default function UsersPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Users">
      {(session) => <UsersTable can={session.can} userId={session.userId} />}
    </AdminArea>
  );
}
