import { useState } from 'react';

interface PasswordFieldProps {
  id: string;
  label: string;
  name: string;
  /** Controlled when given; otherwise the input keeps what was typed (even before hydration). */
  value?: string;
  onChange?: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  minLength?: number;
  hint?: string | undefined;
  /** From useFormProblem's fieldProps: marks the field invalid and links it to the form's message. */
  problem?: { 'aria-invalid'?: true; 'aria-describedby'?: string } | undefined;
  /** The toggle's words in the page's language; English by default (the portal is English). */
  words?: { show: string; hide: string; passwordWord: string } | undefined;
}

const ENGLISH = { show: 'Show', hide: 'Hide', passwordWord: 'password' };

/** A password input with a Show/Hide toggle (a real button, so keyboard and screen readers can use it). */
export default function PasswordField({
  id,
  label,
  name,
  value,
  onChange,
  autoComplete,
  required,
  minLength,
  hint,
  problem,
  words = ENGLISH,
}: PasswordFieldProps) {
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className="field-input pe-24"
          autoComplete={autoComplete}
          value={value}
          required={required}
          minLength={minLength}
          aria-invalid={problem?.['aria-invalid']}
          aria-describedby={
            [problem?.['aria-describedby'], hint ? hintId : undefined].filter(Boolean).join(' ') || undefined
          }
          onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        />
        <button
          type="button"
          className="absolute inset-y-1 inset-e-1 rounded-md px-3 text-sm font-semibold text-ink-700 hover:bg-mist-100 hover:text-ink-950"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? words.hide : words.show}
          <span className="sr-only"> {words.passwordWord}</span>
        </button>
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
