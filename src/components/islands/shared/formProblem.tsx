import { useEffect, useId, useRef, useState } from 'react';
import type { FormProblem } from '~/lib/form-rules';

/**
 * In-page validation for a form that has `noValidate`: the message shows at the top of the form in an
 * alert (announced at once), each field concerned gets `aria-invalid` and points at the message with
 * `aria-describedby`, and the first of them receives focus. Fields are named by their control's
 * `name` or `id` (whatever `form.elements.namedItem` finds). The messages themselves come from the
 * message modules in src/lib (auth-rules.ts, contact-messages.ts, ...).
 */
export function useFormProblem() {
  const alertId = useId();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  // Focusing the field scrolls it just into view, which leaves the message above it under a sticky
  // header (issue 35): bring the message into view too, below the header (the form-error utility's
  // scroll-margin-top), unless that would push the focused field off the screen of a long form.
  useEffect(() => {
    const message = alertRef.current;
    if (!problem || !message) return;
    const focused = document.activeElement;
    const bottom = focused instanceof HTMLElement ? focused.getBoundingClientRect().bottom : 0;
    if (bottom - message.getBoundingClientRect().top < window.innerHeight * 0.75) {
      message.scrollIntoView({ block: 'nearest' });
    }
  }, [problem]);

  /** Shows `next` (or clears with null) and focuses its first field. True when there is a problem. */
  function report(form: HTMLFormElement, next: FormProblem | null): boolean {
    setProblem(next);
    if (!next) return false;
    for (const name of next.fields) {
      const control = form.elements.namedItem(name);
      if (control instanceof HTMLElement) {
        control.focus();
        break;
      }
    }
    return true;
  }

  /** Takes the message away (a dialog closed, the form reset). */
  const clear = () => setProblem(null);

  /** Props for the control called `name`: marks it invalid and links it to the message. */
  function fieldProps(name: string): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
    return problem?.fields.includes(name) ? { 'aria-invalid': true, 'aria-describedby': alertId } : {};
  }

  const alert = problem ? (
    <p id={alertId} ref={alertRef} role="alert" className="form-error">
      {problem.message}
    </p>
  ) : null;

  return { report, fieldProps, alert, problem, clear };
}
