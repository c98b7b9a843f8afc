/*
 * The confirmation before money moves on /admin/approvals (issue 35): what approving a transfer or
 * accepting a member's instruction does, said before it is done. Apart from transfer-text.ts and
 * plan-text.ts, which the users and plans pages load first: only the Approvals page needs these.
 */

/** A correction or a deposit's credit (movement: "to Deposit Wallet", movementText). */
export const APPROVE_TRANSFER = {
  title: (kind: string, amount: string) => `Approve this ${kind.toLowerCase()} of ${amount}?`,
  effect: (amount: string, movement: string, email: string) =>
    `Approving posts ${amount} ${movement} (${email}) at once: the member’s balance moves and they read the text on their statement. It cannot be undone; a mistake needs a new correction.`,
} as const;

/** A member's instruction on a plan (moves: instructionMoves). */
export const ACCEPT_INSTRUCTION = {
  title: (title: string, amount: string) => `Accept ${title}: ${amount}?`,
  effect: (amount: string, moves: string, email: string) =>
    `Accepting moves ${amount} for ${email} at once (${moves}). It cannot be undone.`,
} as const;
