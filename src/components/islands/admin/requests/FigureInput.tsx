import { FieldFrame } from '../../shared/Field';

/**
 * One of the review's figures (a rate, a value, a quantity) or its rate source: a labelled input with
 * an optional hint, both read with the input (aria-describedby, after any problem it is linked to).
 */
export default function FigureInput({
  id,
  label,
  value,
  onChange,
  hint,
  invalid,
  inputMode = 'decimal',
  autoFocus = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  invalid: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  inputMode?: 'decimal' | 'text';
  autoFocus?: boolean;
}) {
  const describedBy = [invalid['aria-describedby'], hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <FieldFrame id={id} label={label}>
      <input
        id={id}
        className={`field-input ${inputMode === 'decimal' ? 'tabular-nums' : ''}`}
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalid}
        aria-describedby={describedBy || undefined}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </FieldFrame>
  );
}
