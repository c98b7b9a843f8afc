import Field from './Field';

export interface CodeFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and tied to it (aria-describedby) when set. */
  error: string | null;
  /** The field's label in the page's language; English by default. */
  label?: string | undefined;
}

/** The authenticator-code input with its message: admin sign-in, member sign-in, member security. */
export default function CodeField({
  id,
  value,
  onChange,
  error,
  label = 'Authenticator code',
}: CodeFieldProps) {
  return (
    <>
      <Field
        id={id}
        label={label}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {error}
        </p>
      )}
    </>
  );
}
