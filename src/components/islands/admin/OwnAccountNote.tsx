import { OWN_ACCOUNT_NOTE } from '~/lib/admin/staff';

/** Said where the money actions would be on the staff member's own account (the database refuses them). */
export default function OwnAccountNote({ className = '' }: { className?: string }) {
  return <p className={`text-sm text-muted ${className}`}>{OWN_ACCOUNT_NOTE}</p>;
}
