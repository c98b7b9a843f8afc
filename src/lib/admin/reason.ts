/** Every audited staff decision needs a reason; the database accepts 3 to 500 characters after trimming. */
export function reasonError(text: string): string | null {
  const length = text.trim().length;
  return length < 3 || length > 500 ? 'Reason must be 3 to 500 characters.' : null;
}

/**
 * The label of a reason or note field says whether the client will read it: "Note (optional; the
 * client reads this)", "Reason for the change (staff only)". Every such field's label comes from here.
 */
export const reasonLabel = (name: string, clientReads: boolean, optional = false): string =>
  `${name} (${optional ? 'optional; ' : ''}${clientReads ? 'the client reads this' : 'staff only'})`;
