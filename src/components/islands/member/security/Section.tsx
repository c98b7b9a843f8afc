import type { ReactNode } from 'react';
import toast from '~/lib/toast';
import { useFormProblem } from '../../shared/formProblem';
import { shownSecurityProblem, type SecurityMessage } from '~/lib/security-rules';

/** One titled card of the page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card min-w-0 space-y-4 p-5 sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl text-ink-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A failure of one form: written at the top of the form (fields concerned marked and described by it,
 * the first one focused) and, when it comes back from the server, also as a toast.
 */
export function useSecurityProblem() {
  const { report, fieldProps, alert } = useFormProblem();
  const fail = (form: HTMLFormElement | null, error: unknown, fallback: SecurityMessage) => {
    const problem = shownSecurityProblem(error, fallback);
    if (form) report(form, problem);
    toast.error(problem.message);
  };
  const clear = (form: HTMLFormElement | null) => {
    if (form) report(form, null);
  };
  return { report, fieldProps, alert, fail, clear };
}
