import { useEffect, useId, useRef, useState } from 'react';
import type { BalanceAccount } from '~/lib/accounts';
import { accountLabel, balanceChart, type ChartBox, type LedgerEntry } from '~/lib/ledger';
import { chartCaption } from '~/lib/ledger-entry';
import { CHART_CAPTION_CLASS } from './caption-slot';
import { formatUsd } from '~/lib/money';

/** The chart is drawn at the size it is shown (1 unit = 1 CSS px), so its labels stay 12 px. */
const CHART_MARGINS = { height: 240, left: 96, right: 12, top: 12, bottom: 28 } as const;

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
 * The balance of one account against real time: a point where each change happened, the balance held
 * flat until the next one (and until now), labelled amount and time axes. The chart's accessible
 * name states the period and the balance at its start and now; the table below lists every entry.
 */
export default function BalanceChart({
  entries,
  account,
}: {
  entries: LedgerEntry[];
  account: BalanceAccount;
}) {
  const titleId = useId();
  const descId = useId();
  const [frameRef, width] = useWidth<HTMLDivElement>(640);
  const BOX: ChartBox = { ...CHART_MARGINS, width: Math.max(width, 240) };
  // Read once per render: the line runs to the moment the page drew it.
  const [now] = useState(() => Date.now());
  const model = balanceChart(entries, account, BOX, now, (amount) => formatUsd(amount));
  if (!model) {
    return (
      <div ref={frameRef}>
        <p className="text-sm text-muted">No changes to {accountLabel(account)} yet.</p>
      </div>
    );
  }
  const first = model.points[0];
  const last = model.points[model.points.length - 1];
  const label = accountLabel(account);
  const when = (time: number) => new Date(time).toLocaleString();
  const changes = model.points.length;
  return (
    <div ref={frameRef}>
      <figure>
        <svg
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          width={BOX.width}
          height={BOX.height}
          className="block max-w-full"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          <title id={titleId}>{`${label} balance: now ${formatUsd(last?.balance)}`}</title>
          <desc id={descId}>
            {`${changes} ${changes === 1 ? 'moment' : 'moments'} with changes, from ${when(first?.time ?? 0)} (${formatUsd(first?.balance)}) to ${when(last?.time ?? 0)} (${formatUsd(last?.balance)}).`}
          </desc>
          <g className="fill-muted text-xs">
            {model.yTicks.map((tick) => (
              <g key={tick.y}>
                <line
                  x1={BOX.left}
                  x2={BOX.width - BOX.right}
                  y1={tick.y}
                  y2={tick.y}
                  className="stroke-mist-200"
                />
                <text x={BOX.left - 8} y={tick.y + 4} textAnchor="end">
                  {tick.label}
                </text>
              </g>
            ))}
            {model.xTicks.map((tick, index) => (
              <text
                key={tick.x}
                x={tick.x}
                y={BOX.height - 8}
                textAnchor={index === 0 ? 'start' : index === model.xTicks.length - 1 ? 'end' : 'middle'}
              >
                {tick.label}
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
              <title>{`${when(point.time)}: ${formatUsd(point.balance)}`}</title>
            </circle>
          ))}
        </svg>
        <figcaption className={CHART_CAPTION_CLASS}>{chartCaption(account, last?.balance)}</figcaption>
      </figure>
    </div>
  );
}
