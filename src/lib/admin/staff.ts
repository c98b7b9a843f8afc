/*
 * Staff roles and what they may do: pure rules, no data access (the early header read and the admin
 * pages both use them; myStaffRole is in my-staff-role.ts).
 */

/** Staff roles held in `admins.role` (docs/four-eyes.md). The database checks them; the UI only hides. */
export const STAFF_ROLES = ['support', 'finance', 'auditor', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  support: 'Support',
  finance: 'Finance',
  auditor: 'Auditor',
  owner: 'Owner',
};

/** What each role may do, mirroring the database's private.require_role checks. */
export function capabilities(role: StaffRole) {
  const money = role === 'finance' || role === 'owner';
  return {
    /** Propose and approve balance changes, review notices and withdrawals, edit deposit addresses. */
    moveMoney: money,
    /** Read ledgers and proposals. */
    readMoney: role !== 'support',
    /** Grant, change and revoke staff roles; reset authenticators. */
    manageStaff: role === 'owner',
    /** Read the audit log and verify its chain. */
    readAudit: role === 'auditor' || role === 'owner',
  };
}

export type Capabilities = ReturnType<typeof capabilities>;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The header's "Signed in as …" line. */
export function signedInLine(email: string, role: StaffRole): string {
  return `Signed in as ${email} (${ROLE_LABELS[role]})`;
}

/*
 * Staff never act on their own money (docs/four-eyes.md, "Your own account"): the database refuses
 * any proposal, approval, rejection, confirmation or payment whose member is the staff member
 * (42501, hint own_account). The admin screens therefore do not offer those actions there and say
 * why instead, in these words.
 */
export const OWN_ACCOUNT_NOTE = 'Your own account: two other staff members handle it.';

/** Whether the member an action is about is the signed-in staff member. Unknown members are not. */
export function isOwnAccount(memberId: string | null | undefined, staffUserId: string): boolean {
  return Boolean(memberId) && memberId === staffUserId;
}
