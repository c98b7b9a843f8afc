/**
 * A realistic November 2026 statement for the statement tests, the screenshots and the render
 * benchmark: four accounts, 70+ lines (so the PDF runs to several pages), crypto deposits with a
 * quantity and a rate, subscriptions, returns on two plans, a withdrawal, fees, a referral bonus,
 * staff corrections, lines at both edges of the Hong Kong month, pending items, and member and staff
 * text that tries HTML, spreadsheet formulas, Chinese and Arabic. It is version 2 (a correction of v1).
 * Built by posting each movement through a running balance in whole cents, so it adds up by
 * construction; checkStatementArithmetic checks that independently.
 */
import type {
  StatementAccount,
  StatementData,
  StatementLine,
  StatementPendingItem,
} from '../../src/lib/statement-data';
import { centsText, toCents } from '../../src/lib/money';

export const HOSTILE_NAME = `Mei-Ling "May" O'Connor <script>alert('pwned')</script>`;

const LABELS: Record<StatementAccount, string> = {
  deposit_wallet: 'Deposit Wallet',
  interest_wallet: 'Interest Wallet',
  total_invest: 'Total Invest',
  referral: 'Referral',
};

const KIND_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  subscription: 'Subscription',
  redemption: 'Redemption',
  return: 'Returns',
  referral_bonus: 'Referral bonus',
  fee: 'Fee',
  correction: 'Correction',
};

const OPENING: Record<StatementAccount, string> = {
  deposit_wallet: '12500.00',
  interest_wallet: '2315.40',
  total_invest: '1250000.00',
  referral: '75.00',
};

const PLANS = {
  'growth-12': { name: 'Growth, 12 months', principal: '1000000.00', before: '48210.35' },
  'income-6': { name: 'Income, 6 months', principal: '250000.00', before: '9120.00' },
} as const;
type PlanId = keyof typeof PLANS;

interface Leg {
  account: StatementAccount;
  amount: string;
  asset?: { asset: string; quantity: string; rate: string };
}
interface Movement {
  /** UTC instant */
  at: string;
  kind: string;
  description: string;
  legs: Leg[];
  plan?: PlanId;
}

/** Minutes after 2026-11-01 00:00 Hong Kong time (2026-10-31T16:00Z), as an ISO instant. */
function hk(day: number, hour: number, minute: number, second = 0): string {
  return new Date(
    Date.UTC(2026, 9, 31, 16) + ((day - 1) * 24 * 60 + hour * 60 + minute) * 60_000 + second * 1000,
  )
    .toISOString()
    .replace('.000Z', 'Z');
}

function movements(): Movement[] {
  const list: Movement[] = [
    // 00:30 on 1 November in Hong Kong is still 31 October in UTC: it belongs to November.
    {
      at: hk(1, 0, 30),
      kind: 'deposit',
      description: 'BTC deposit, 3 confirmations',
      legs: [
        {
          account: 'deposit_wallet',
          amount: '17125.00',
          asset: { asset: 'BTC', quantity: '0.25000000', rate: '68500.00' },
        },
      ],
    },
    {
      at: hk(2, 9, 15),
      kind: 'deposit',
      description: 'USDT (TRC-20) deposit',
      legs: [
        {
          account: 'deposit_wallet',
          amount: '4999.00',
          asset: { asset: 'USDT', quantity: '5000.000000', rate: '0.9998' },
        },
      ],
    },
    {
      at: hk(3, 11, 0),
      kind: 'subscription',
      description: 'Subscription to Growth, 12 months',
      legs: [
        { account: 'deposit_wallet', amount: '-20000.00' },
        { account: 'total_invest', amount: '20000.00' },
      ],
      plan: 'growth-12',
    },
    {
      at: hk(4, 16, 45),
      kind: 'fee',
      description: 'Network fee for withdrawal to bc1q…7k3p',
      legs: [{ account: 'interest_wallet', amount: '-12.50' }],
    },
    {
      at: hk(4, 16, 45),
      kind: 'withdrawal',
      description: 'Withdrawal to BTC address bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      legs: [
        {
          account: 'interest_wallet',
          amount: '-1500.00',
          asset: { asset: 'BTC', quantity: '0.02189781', rate: '68500.00' },
        },
      ],
    },
    {
      at: hk(6, 10, 5),
      kind: 'referral_bonus',
      description: 'Referral bonus: 陳大文 subscribed to Income, 6 months',
      legs: [{ account: 'referral', amount: '125.00' }],
    },
    {
      at: hk(9, 14, 20),
      kind: 'correction',
      description:
        'Correction: the returns credited on 1 and 2 November were computed on the principal before the 3 November subscription; the difference is reversed here <b>as agreed</b> & confirmed by e-mail',
      legs: [{ account: 'interest_wallet', amount: '-41.10' }],
      plan: 'growth-12',
    },
    {
      at: hk(12, 8, 0),
      kind: 'redemption',
      description: '=HYPERLINK("http://example.test","Redemption") requested in the app',
      legs: [
        { account: 'total_invest', amount: '-5000.00' },
        { account: 'deposit_wallet', amount: '5000.00' },
      ],
      plan: 'income-6',
    },
    {
      at: hk(18, 19, 40),
      kind: 'correction',
      description: 'تصحيح: رسوم مكررة — duplicate fee refunded',
      legs: [{ account: 'interest_wallet', amount: '12.50' }],
    },
    {
      at: hk(25, 12, 0),
      kind: 'deposit',
      description: 'ETH deposit, 12 confirmations',
      legs: [
        {
          account: 'deposit_wallet',
          amount: '7394.46',
          asset: { asset: 'ETH', quantity: '2.140000000000000000', rate: '3455.35' },
        },
      ],
    },
  ];
  // Daily returns on both plans, credited at 23:59:59 Hong Kong time: the one on 30 November is the
  // month's last instant (15:59:59 UTC), which still belongs to November.
  for (let day = 1; day <= 30; day += 1) {
    const growth = 880 + ((day * 37) % 19);
    const income = 260 + ((day * 13) % 7);
    list.push({
      at: hk(day, 23, 59, 59),
      kind: 'return',
      description: `Daily returns, Growth, 12 months (${day} November)`,
      legs: [{ account: 'interest_wallet', amount: centsText(BigInt(growth * 100 + day)) }],
      plan: 'growth-12',
    });
    list.push({
      at: hk(day, 23, 59, 59),
      kind: 'return',
      description: `Daily returns, Income, 6 months (${day} November)`,
      legs: [{ account: 'interest_wallet', amount: centsText(BigInt(income * 100 + 50)) }],
      plan: 'income-6',
    });
  }
  // Oldest first, then by transfer id (assigned below in this order).
  return list.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export interface FixtureOptions {
  name?: string;
  email?: string;
}

export function statementFixture(options: FixtureOptions = {}): StatementData {
  const balances = new Map<StatementAccount, bigint>();
  const credits = new Map<StatementAccount, bigint>();
  const debits = new Map<StatementAccount, bigint>();
  for (const account of Object.keys(OPENING) as StatementAccount[]) {
    balances.set(account, toCents(OPENING[account]) ?? 0n);
    credits.set(account, 0n);
    debits.set(account, 0n);
  }
  const returnsByPlan = new Map<PlanId, bigint>();
  const lines: StatementLine[] = [];
  let transferId = 90_412;
  for (const movement of movements()) {
    transferId += 1;
    for (const leg of movement.legs) {
      const amount = toCents(leg.amount) ?? 0n;
      const balance = (balances.get(leg.account) ?? 0n) + amount;
      balances.set(leg.account, balance);
      if (amount >= 0n) credits.set(leg.account, (credits.get(leg.account) ?? 0n) + amount);
      else debits.set(leg.account, (debits.get(leg.account) ?? 0n) - amount);
      if (movement.plan && (movement.kind === 'return' || movement.kind === 'correction')) {
        returnsByPlan.set(movement.plan, (returnsByPlan.get(movement.plan) ?? 0n) + amount);
      }
      lines.push({
        date: movement.at,
        account: leg.account,
        account_label: LABELS[leg.account],
        kind: movement.kind,
        kind_label: KIND_LABELS[movement.kind] ?? movement.kind,
        description: movement.description,
        asset: leg.asset?.asset ?? null,
        quantity: leg.asset?.quantity ?? null,
        rate: leg.asset?.rate ?? null,
        amount: leg.amount,
        balance_after: centsText(balance),
        plan: movement.plan ?? null,
        transfer_id: transferId,
      });
    }
  }

  const accounts = (Object.keys(OPENING) as StatementAccount[]).map((account) => ({
    account,
    label: LABELS[account],
    opening: OPENING[account],
    credits: centsText(credits.get(account) ?? 0n),
    debits: centsText(debits.get(account) ?? 0n),
    closing: centsText(balances.get(account) ?? 0n),
  }));
  const sum = (values: string[]) =>
    centsText(values.reduce((total, value) => total + (toCents(value) ?? 0n), 0n));
  const plans = (Object.keys(PLANS) as PlanId[]).map((plan) => {
    const inPeriod = returnsByPlan.get(plan) ?? 0n;
    return {
      plan,
      name: PLANS[plan].name,
      principal: PLANS[plan].principal,
      in_period: centsText(inPeriod),
      to_date: centsText((toCents(PLANS[plan].before) ?? 0n) + inPeriod),
    };
  });

  const pending: StatementPendingItem[] = [
    {
      date: hk(29, 21, 10),
      kind: 'withdrawal',
      kind_label: 'Withdrawal',
      description:
        'Withdrawal to USDT (TRC-20) address TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE, awaiting approval',
      account: 'interest_wallet',
      account_label: LABELS.interest_wallet,
      amount: '3000.00',
    },
    {
      date: hk(30, 17, 2),
      kind: 'subscription',
      kind_label: 'Subscription',
      description: 'Subscription to Income, 6 months, awaiting a second approver',
      account: 'deposit_wallet',
      account_label: LABELS.deposit_wallet,
      amount: '10000.00',
    },
  ];

  return {
    format: 1,
    month: '2026-11',
    period: {
      from: '2026-10-31T16:00:00Z',
      to: '2026-11-30T16:00:00Z',
      time_zone: 'Asia/Hong_Kong',
      label: 'November 2026',
    },
    reference: 'LC-00001234-2026-11-v2',
    version: 2,
    replaces: 'LC-00001234-2026-11-v1',
    prepared_at: '2026-12-02T03:30:00Z',
    member: {
      name: options.name ?? HOSTILE_NAME,
      email: options.email ?? 'may.oconnor+statements@example.com',
      account_number: '00001234',
    },
    firm: {
      name: 'Liquid Capital',
      legal_name: 'Liquid Capital Limited',
      address_lines: [
        'Suite 4102, 41/F, Two International Finance Centre, 8 Finance Street, Central',
        'Hong Kong',
      ],
      complaints_email: 'complaints@liquidcapital.example',
      complaints_text:
        'If you are unhappy with this statement or our service, write to complaints@liquidcapital.example within 30 days of receiving it. We acknowledge every complaint within 2 business days and answer in full within 15 business days.',
    },
    accounts,
    lines,
    returns: {
      in_period: sum(plans.map((p) => p.in_period)),
      to_date: sum(plans.map((p) => p.to_date)),
      plans,
    },
    pending,
    valuation: {
      source: 'Liquid Capital pricing desk, closing rates at 23:59 Hong Kong time',
      text: 'Crypto amounts are converted to US dollars at the rate shown on each line, fixed when the transaction was posted. Balances are held and reported in US dollars.',
    },
    totals: {
      opening: sum(accounts.map((a) => a.opening)),
      closing: sum(accounts.map((a) => a.closing)),
    },
  };
}
