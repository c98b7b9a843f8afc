import { useId } from 'react';
import { PERIOD_CHOICES, type CustomPeriodProblem, type PeriodChoice } from '~/lib/statement-period';
import type { StatementWords } from '~/i18n/member/pages/statement';

interface PeriodPickerProps {
  words: StatementWords['period'];
  choice: PeriodChoice;
  onChoice: (choice: PeriodChoice) => void;
  /** The custom period's days as the date inputs give them ("2026-11-01"; '' when empty). */
  firstDay: string;
  lastDay: string;
  onFirstDay: (day: string) => void;
  onLastDay: (day: string) => void;
  /** Why the custom days are not a period yet (null: they are, or another choice is made). */
  problem: CustomPeriodProblem | null;
  /** Until the ledger is read there is nothing to choose a period of. */
  disabled: boolean;
}

/** The statement's heading and its period: a preset, or two days of the member's choosing. */
export default function PeriodPicker(props: PeriodPickerProps) {
  const { words, choice, firstDay, lastDay, problem } = props;
  const ids = useId();
  const describedBy = problem ? `${ids}-problem` : undefined;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="period-heading" className="text-xl text-ink-950">
          {words.heading}
        </h2>
        <div>
          <label htmlFor={`${ids}-period`} className="field-label">
            {words.label}
          </label>
          <select
            id={`${ids}-period`}
            className="field-input"
            value={choice}
            disabled={props.disabled}
            onChange={(e) => props.onChoice(e.target.value as PeriodChoice)}
          >
            {PERIOD_CHOICES.map((c) => (
              <option key={c} value={c}>
                {words.choices[c]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {choice === 'custom' && (
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={`${ids}-from`} className="field-label">
              {words.firstDay}
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              className="field-input"
              value={firstDay}
              aria-describedby={describedBy}
              onChange={(e) => props.onFirstDay(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-to`} className="field-label">
              {words.lastDay}
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              className="field-input"
              value={lastDay}
              aria-describedby={describedBy}
              onChange={(e) => props.onLastDay(e.target.value)}
            />
          </div>
          {problem && (
            <p id={`${ids}-problem`} role="status" className="basis-full text-sm text-muted">
              {words.problems[problem]}
            </p>
          )}
        </div>
      )}
    </>
  );
}
