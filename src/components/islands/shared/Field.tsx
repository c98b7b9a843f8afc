import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FrameProps {
  id: string;
  label: ReactNode;
  /** Layout classes for the wrapper, set by the surrounding form. */
  className?: string | undefined;
}

/** The label/control pair every form uses; the control must carry the same `id`. */
export function FieldFrame({ id, label, className, children }: FrameProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
    </div>
  );
}

interface ControlExtras extends FrameProps {
  /** Added to `field-input` (e.g. `font-mono` for addresses). */
  controlClassName?: string | undefined;
  /** A line under the control, read with it (aria-describedby, after any problem it is linked to). */
  hint?: ReactNode;
}

type InputFieldProps = ControlExtras & { as?: 'input' } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id' | 'className'
  >;
type TextareaFieldProps = ControlExtras & { as: 'textarea' } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'id' | 'className'
  >;
export type FieldProps = InputFieldProps | TextareaFieldProps;

/**
 * A labelled text input (or textarea). Every other attribute goes to the control, so callers keep
 * choosing controlled or uncontrolled use, autocomplete and constraints.
 */
export default function Field(props: FieldProps) {
  return (
    <FieldFrame id={props.id} label={props.label} className={props.className}>
      {props.as === 'textarea' ? <textarea {...controlProps(props)} /> : <input {...controlProps(props)} />}
      {props.hint && (
        <p id={`${props.id}-hint`} className="mt-1 text-sm text-muted">
          {props.hint}
        </p>
      )}
    </FieldFrame>
  );
}

function controlProps<
  P extends ControlExtras & { as?: string | undefined; 'aria-describedby'?: string | undefined },
>({ as: _as, label: _label, className: _className, controlClassName, hint, ...control }: P) {
  const describedBy = [control['aria-describedby'], hint ? `${control.id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return {
    ...control,
    'aria-describedby': describedBy || undefined,
    className: controlClassName ? `field-input ${controlClassName}` : 'field-input',
  };
}
