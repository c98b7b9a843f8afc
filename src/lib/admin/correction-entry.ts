/**
 * The users table's way into a correction: its button and the dialog's title. Apart from the
 * dialog's other words (transfer-text.ts, which spreads these), because every row draws the button
 * on the admin pages' first load and the dialog loads only when opened (tests/budgets.json).
 */
export const CORRECTION_ENTRY = {
  button: 'Credit / debit',
  title: (name: string) => `Credit / debit ${name}`,
} as const;
