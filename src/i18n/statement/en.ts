/**
 * The monthly statement's words in English (scripts/statements/template.ts, docs/statements.md).
 * English defines the keys and `{placeholders}`; the other languages are typed `satisfies
 * StatementWords`, so a missing or extra key fails the type check, and tests/unit/statement-words.test.ts
 * checks their placeholders and script. Values filled into a sentence (amounts, dates, references,
 * names) are HTML the template has already escaped and isolated.
 *
 * An English statement prints the labels its data recorded (the database's English names); the
 * `accounts`, `kinds` and `plans` here are what the other languages translate, and equal those names.
 */
const en = {
  /** The document's <title>. */
  documentTitle: '{firm} monthly statement {reference}',
  title: 'Monthly statement',
  timeZone: 'Hong Kong time (UTC+8)',
  allTimesIn: 'All times in {zone}',
  /** Empty in English; in every other language, that the English version prevails. */
  englishPrevails: '',
  correctedNotice:
    'Corrected statement: version {version}. Replaces {reference}, which should no longer be relied on.',
  parties: {
    member: 'Member',
    statement: 'Statement',
  },
  fields: {
    member: 'Member',
    email: 'E-mail',
    accountNumber: 'Account number',
    reference: 'Reference',
    version: 'Version',
    versionReplaces: '{version} (replaces {reference})',
    period: 'Period',
    periodRange: '{from} to {to}',
    prepared: 'Prepared',
  },
  sections: {
    accounts: 'Accounts',
    lines: 'Transactions',
    returns: 'Returns',
    pending: 'Pending at month end',
    valuation: 'Valuation',
    complaints: 'Questions and complaints',
  },
  columns: {
    account: 'Account',
    opening: 'Opening',
    credits: 'Credits',
    debits: 'Debits',
    closing: 'Closing',
    total: 'Total',
    /** A table's heading, with the zone; `date` is the same cell's label on a narrow screen. */
    dateHeading: 'Date (HKT)',
    date: 'Date',
    description: 'Description',
    amount: 'Amount',
    balanceAfter: 'Balance after',
    plan: 'Plan',
    principal: 'Principal',
    returnsInPeriod: 'Returns in period',
    returnsToDate: 'Returns to date',
    requestedHeading: 'Requested (HKT)',
    requested: 'Requested',
    item: 'Item',
  },
  /** A crypto leg's rate, after its quantity (" at $68,500.00 per BTC"): the separator is the language's. */
  rate: ' at {rate} per {asset}',
  noLines: 'No transactions were posted in this period.',
  noPlans: 'No plan held principal or earned returns.',
  returnsInPeriod: 'Returns credited in {period}',
  returnsToDate: 'Returns since your account opened',
  nothingPending: 'Nothing was pending at the end of the month.',
  pendingNotIncluded: 'Pending items are not included in the balances above.',
  valuationSource: 'Source:',
  complaintsEmail: 'Complaints:',
  issuedBy:
    "This statement is issued by {legalName} and signed electronically; the PDF's signature shows whether it was changed after issue. Reference {reference}.",
  /** The repeated page header and footer. */
  header: {
    account: 'Account {number}',
    page: 'Page {page} of {total}',
  },
  accounts: {
    deposit_wallet: 'Deposit Wallet',
    interest_wallet: 'Interest Wallet',
    total_invest: 'Total Invest',
    referral: 'Referral Earnings',
  },
  kinds: {
    deposit: 'Deposit',
    withdrawal: 'Withdrawal',
    subscription: 'Investment',
    redemption: 'Redemption',
    return: 'Returns',
    referral_bonus: 'Referral bonus',
    fee: 'Fee',
    correction: 'Correction',
  },
  plans: {
    silver: 'Silver',
    gold: 'Gold',
    diamond: 'Diamond',
    platinum: 'Platinum',
  },
  /**
   * What the job records on each run (scripts/statements/job.ts: firmDetails, VALUATION). A
   * statement whose data holds exactly these English texts prints them in its language; any other
   * recorded text is printed as recorded.
   */
  firm: {
    complaintsText:
      "If you have a question about this statement or a complaint, write to {email} with the statement's reference. We acknowledge complaints within 5 business days.",
    valuationSource: 'Liquid Capital ledger, in US dollars',
    valuationText:
      'Balances and movements are recorded in US dollars. A crypto deposit or withdrawal shows the quantity of the asset and the US dollar rate applied, which was read from the source named on the request when it was valued.',
  },
};

/** The shape every language's statement words have. */
export type StatementWords = typeof en;

export default en satisfies StatementWords;
