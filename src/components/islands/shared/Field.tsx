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
    </FieldFrame>
  );
}

function controlProps<P extends ControlExtras & { as?: string | undefined }>({
  as: _as,
  label: _label,
  className: _className,
  controlClassName,
  ...control
}: P) {
  return { ...control, className: controlClassName ? `field-input ${controlClassName}` : 'field-input' };
}
