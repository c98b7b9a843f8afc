// Shared by the page's first paint (a link to the section) and the section itself, which loads later.
export const MONTHLY_HEADING = 'Monthly statements';
export const MONTHLY_LINK_NOTE = '(signed PDF and CSV for each month) are below the live view.';
