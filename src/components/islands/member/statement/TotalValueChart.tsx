import { useEffect, useId, useRef, useState } from 'react';
import type { LedgerEntry } from '~/lib/ledger-entry';
import { formatUsdIn } from '~/lib/money-in-language';
import { periodCaption, summarizePeriod, type Period, type PeriodLanguage } from '~/lib/statement-period';
import { totalValueChart, type ChartBox } from '~/lib/statement-chart';
import { formatDateTimeIn } from '~/lib/date-time-in-language';
import { isolate, ltrIn } from '~/lib/bidi';
import { fill, formatCount } from '~/i18n/fill';
import type { StatementWords } from '~/i18n/member/pages/statement';
import { CHART_CAPTION_CLASS } from './caption-slot';

/**
 * The chart is drawn at the size it is shown (1 unit = 1 CSS px), so its labels stay 12 px. The left
 * margin is the least room for the amounts' labels; the model widens it for long amounts.
 */
const CHART_MARGINS = { height: 240, left: 96, right: 16, top: 12, bottom: 28 } as const;

/** The width of an element, following resizes (the chart's own width, not the window's). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The total value of the member's accounts over the chosen period, on a date axis: a step at each
 * change, flat between. Without a change in the period it says so in words. Its accessible name and
 * caption state the period and the totals at its start and end; the table below lists every line.
 */
export default function TotalValueChart({
  entries,
  period,
  now,
  language,
}: {
  entries: LedgerEntry[];
  period: Period;
  now: number;
  /** The page's language, with all its words (the chart's name and description too). */
  language: PeriodLanguage & { words: StatementWords };
}) {
  const titleId = useId();
  const descId = useId();
  const [frameRef, width] = useWidth<HTMLDivElement>(640);
  const { locale, words } = language;
  const box: ChartBox = { ...CHART_MARGINS, width: Math.max(width, 240) };
  const summary = summarizePeriod(entries, period);
  const model = totalValueChart(entries, period, box, now, language);
  const caption = periodCaption(summary, period, now, language);
  const amount = (value: string) => ltrIn(locale, formatUsdIn(locale, value));
  return (
    <div ref={frameRef}>
      <figure>
        {model ? (
          // Time runs left to right in every language (an SVG's x axis does not follow the page's direction).
          <svg
            viewBox={`0 0 ${box.width} ${box.height}`}
            width={box.width}
            height={box.height}
            className="block max-w-full [direction:ltr]"
            role="img"
            aria-labelledby={titleId}
            aria-describedby={descId}
          >
            <title id={titleId}>
              {fill(words.chart.title, { period: period.label, amount: amount(summary.closing) })}
            </title>
            <desc id={descId}>
              {fill(words.chart.description, {
                moments: fill(words.chart.moments, { count: formatCount(locale, model.points.length) }),
                opening: amount(summary.opening),
                closing: amount(summary.closing),
                time: formatDateTimeIn(locale, model.to),
              })}
            </desc>
            <g className="fill-muted text-xs">
              {model.yTicks.map((tick) => (
                <g key={tick.y}>
                  <line
                    x1={model.left}
                    x2={box.width - box.right}
                    y1={tick.y}
                    y2={tick.y}
                    className="stroke-mist-200"
                  />
                  <text x={model.left - 8} y={tick.y + 4} textAnchor="end">
                    {tick.label}
                  </text>
                </g>
              ))}
              {model.xTicks.map((tick, index) => (
                <text
                  key={tick.x}
                  x={tick.x}
                  y={box.height - 8}
                  textAnchor={index === 0 ? 'start' : index === model.xTicks.length - 1 ? 'end' : 'middle'}
                >
                  {/* An Arabic date keeps its own order inside the chart's left-to-right axis. */}
                  {isolate(tick.label)}
                </text>
              ))}
            </g>
            <path
              d={model.path}
              fill="none"
              className="stroke-accent-600"
              strokeWidth={3}
              strokeLinejoin="round"
            />
            {model.points.map((point) => (
              <circle key={point.time} cx={point.x} cy={point.y} r={4.5} className="fill-ink-900">
                <title>{`${formatDateTimeIn(locale, point.time)}: ${amount(point.total)}`}</title>
              </circle>
            ))}
          </svg>
        ) : (
          <p className="flex h-60 items-center justify-center rounded bg-mist-50 px-4 text-center text-sm text-muted">
            {fill(words.ledger.noneInPeriod, { period: period.label })}
          </p>
        )}
        <figcaption className={CHART_CAPTION_CLASS}>{caption}</figcaption>
      </figure>
    </div>
  );
}
