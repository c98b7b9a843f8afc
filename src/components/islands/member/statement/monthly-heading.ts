// Shared by the page's first paint (a link to the section, the section's frame) and the section
// itself, which loads later: the same heading and intro in both, so nothing moves when it arrives.
export const MONTHLY_HEADING = 'Monthly statements';
export const MONTHLY_LINK_NOTE = '(signed PDF and CSV for each month) are below the live view.';
export const MONTHLY_INTRO =
  'A statement for each month, prepared after the month ends (Hong Kong time) and available by the seventh business day. Each is a PDF signed by Liquid Capital Limited, with the same lines as a CSV file.';
/** The list's room before it is read, and at least its height after (one statement, or the empty note). */
export const MONTHLY_LIST_CLASS = 'mt-4 min-h-16';
