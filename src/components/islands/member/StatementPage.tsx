import { Suspense, useEffect, useMemo, useState } from 'react';
import MemberShell from './MemberShell';
import PeriodBalances from './statement/PeriodBalances';
import PeriodPicker from './statement/PeriodPicker';
import { CHART_CAPTION_CLASS, captionLanguageData } from './statement/caption-slot';
import MonthlyFrame from './statement/MonthlyFrame';
import { lazyPart } from '../shared/lazyPart';
import { useEarlyAnswer } from '../shared/useEarlyAnswer';
import { myLedger, type LedgerEntry } from '~/lib/ledger';
import { earlyStatement, pendingEarlyStatement } from '~/lib/early-statement';
import { watchTable } from '~/lib/realtime';
import { useMemberLanguage, type MemberLanguage } from './member-language';
import {
  customPeriod,
  periodCaption,
  presetPeriod,
  summarizePeriod,
  type Period,
  type PeriodChoice,
} from '~/lib/statement-period';
import { fill } from '~/i18n/fill';
import type { StatementWords } from '~/i18n/member/pages/statement';

// The monthly statements (and the storage client their downloads use) load after the page, below
// the live view, so nothing above them moves when they arrive.
const MonthlyStatements = lazyPart(() => import('./statement/MonthlyStatements'));
// The chart's drawing loads just after the first view too: until it arrives its place shows the same
// box and the caption in words, so nothing moves.
const TotalValueChart = lazyPart(() => import('./statement/TotalValueChart'));
// And the lines' list: the first view holds its place.
const LedgerEntries = lazyPart(() => import('./statement/LedgerEntries'));
const LEDGER_PLACEHOLDER = <div className="mt-4 h-32 animate-pulse rounded bg-mist-100" aria-hidden="true" />;

/** The chart's place before it is drawn: its height, and the caption (if known yet) below it. */
function ChartPlaceholder({
  caption,
  slot,
}: {
  caption?: string;
  slot?: { 'data-caption-slot': string } | undefined;
}) {
  return (
    <figure>
      <div className="h-60 animate-pulse rounded bg-mist-100" aria-hidden="true" />
      {/* Where the chart's caption will be: filled early (early-statement-paint.ts) if it can. */}
      <figcaption className={CHART_CAPTION_CLASS} {...slot}>
        {caption}
      </figcaption>
    </figure>
  );
}

/**
 * Saves the period's lines as a CSV file (made in the browser; nothing is sent anywhere), named by
 * the period's Hong Kong dates ("…-2026-11-01-to-2026-11-30.csv") in every language.
 */
async function downloadStatement(entries: LedgerEntry[], period: Period): Promise<void> {
  // Loaded on demand: most visits never export.
  const [{ ledgerCsv }, { hongKongClock }, { saveFile }] = await Promise.all([
    import('~/lib/ledger-csv'),
    import('~/lib/date-time'),
    import('../shared/saveFile'),
  ]);
  const day = (ms: number) => hongKongClock(ms).slice(0, 10);
  saveFile(ledgerCsv(entries), `liquid-capital-statement-${day(period.from)}-to-${day(period.to - 1)}.csv`);
}

interface StatementBodyProps {
  /** The page's words (src/i18n/member/pages/statement.ts). */
  words: StatementWords;
  /** The signed-in member (null in the build-time skeleton). */
  userId?: string | null;
  /** Oldest first; null until read. */
  entries: LedgerEntry[] | null;
  error?: string | null;
}

/**
 * The live statement: a period (this month first), each account's opening and closing balance over
 * it, the total value over it as a chart, and its lines, newest first; the monthly statements below.
 * Also the page's build-time skeleton (entries null), whose caption placeholder the early paint fills.
 */
export function StatementBody({ words, userId = null, entries, error = null }: StatementBodyProps) {
  const { locale } = useMemberLanguage();
  const language = useMemo(() => ({ locale, words }), [locale, words]);
  const [now] = useState(() => Date.now());
  const [choice, setChoice] = useState<PeriodChoice>('this_month');
  const [firstDay, setFirstDay] = useState('');
  const [lastDay, setLastDay] = useState('');
  const custom = useMemo(
    () => (choice === 'custom' ? customPeriod(firstDay, lastDay, language) : null),
    [choice, firstDay, lastDay, language],
  );
  const period: Period | null = useMemo(
    () =>
      choice === 'custom'
        ? custom && 'from' in custom
          ? custom
          : null
        : presetPeriod(choice, now, language),
    [choice, custom, now, language],
  );
  const summary = useMemo(
    () => (entries && period ? summarizePeriod(entries, period) : null),
    [entries, period],
  );
  const newestFirst = useMemo(() => (summary ? [...summary.lines].reverse() : []), [summary]);

  return (
    <div className="space-y-8">
      <p className="text-sm">
        <a href="#monthly-heading" className="font-semibold text-ink-900 underline underline-offset-2">
          {words.monthly.heading}
        </a>{' '}
        <span className="text-muted">{words.monthly.linkNote}</span>
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
      <section aria-labelledby="period-heading" className="card p-5 sm:p-6">
        <PeriodPicker
          words={words.period}
          choice={choice}
          onChoice={setChoice}
          firstDay={firstDay}
          lastDay={lastDay}
          onFirstDay={setFirstDay}
          onLastDay={setLastDay}
          problem={custom && 'problem' in custom ? custom.problem : null}
          disabled={entries === null}
        />
        {/* Room for the chart (240 px) and a caption of up to three lines (a phone's width), loaded or
            not: what is below stays where it first appeared when the entries arrive (no layout shift). */}
        <div className="mt-4 min-h-[308px]">
          {entries === null || period === null || summary === null ? (
            <ChartPlaceholder slot={entries === null ? captionLanguageData(language) : undefined} />
          ) : (
            <Suspense fallback={<ChartPlaceholder caption={periodCaption(summary, period, now, language)} />}>
              <TotalValueChart entries={entries} period={period} now={now} language={language} />
            </Suspense>
          )}
        </div>
        <PeriodBalances summary={summary} words={words.balances} />
      </section>
      <section aria-labelledby="ledger-heading" className="card p-5 sm:p-6">
        {/* As tall as the Download CSV button (min-h-11) before it appears: the heading stays put. */}
        <div className="flex min-h-11 flex-wrap items-center justify-between gap-3">
          <h2 id="ledger-heading" className="text-xl text-ink-950">
            {words.ledger.heading}
          </h2>
          {summary && period && summary.lines.length > 0 && (
            <button
              type="button"
              className="btn-outline-dark"
              onClick={() => void downloadStatement(summary.lines, period)}
            >
              {words.ledger.download}
            </button>
          )}
        </div>
        {entries === null ? (
          LEDGER_PLACEHOLDER
        ) : entries.length === 0 ? (
          <p className="mt-4 text-sm text-muted">{words.ledger.none}</p>
        ) : newestFirst.length === 0 ? (
          <p className="mt-4 text-sm text-muted">
            {period ? fill(words.ledger.noneInPeriod, { period: period.label }) : ''}
          </p>
        ) : (
          <Suspense fallback={LEDGER_PLACEHOLDER}>
            <LedgerEntries newestFirst={newestFirst} words={words} />
          </Suspense>
        )}
      </section>
      {entries === null || userId === null ? (
        <MonthlyFrame words={words.monthly} />
      ) : (
        <Suspense fallback={<MonthlyFrame words={words.monthly} />}>
          <MonthlyStatements userId={userId} words={words} />
        </Suspense>
      )}
    </div>
  );
}

function StatementContent({
  words,
  userId,
  early,
}: {
  words: StatementWords;
  userId: string;
  early: LedgerEntry[] | null;
}) {
  const { locale } = useMemberLanguage();
  const [entries, setEntries] = useState<LedgerEntry[] | null>(early);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () =>
      watchTable([{ table: 'ledger_entries', filter: `user_id=eq.${userId}` }], () => myLedger(locale), {
        onData: (rows) => {
          setEntries(rows);
          setError(null);
        },
        // The server's reason is English; another language says the page's own sentence.
        onError: (err) => setError(locale === 'en' ? err.message : words.ledger.failed),
      }),
    [userId, locale, words],
  );

  return <StatementBody words={words} userId={userId} entries={entries} error={error} />;
}

/** /user/statement: the member's ledger (rpc my_ledger) and a small balance chart, kept live. */
export default function StatementPage({
  language,
  words,
}: {
  language: MemberLanguage;
  words: StatementWords;
}) {
  const [early] = useEarlyAnswer(earlyStatement, pendingEarlyStatement);
  return (
    <MemberShell
      language={language}
      current="/user/statement"
      heading={words.heading}
      skeleton={() => <StatementBody words={words} entries={early} />}
    >
      {({ session }) => <StatementContent words={words} userId={session.user.id} early={early} />}
    </MemberShell>
  );
}
