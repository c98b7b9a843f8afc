import type { ReactNode } from 'react';
import toast from '~/lib/toast';
import { useFormProblem } from '../../shared/formProblem';
import {
  securityMessageKey,
  shownSecurityProblem,
  type SecurityMessage,
  type SecurityProblem,
} from '~/lib/security-rules';
import type { FormProblem } from '~/lib/form-rules';
import type { SecurityPageWords } from '~/i18n/security-words';

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
 * A failure of one form, in the page's words: written at the top of the form (fields concerned marked
 * and described by it, the first one focused) and, when it comes back from the server, also as a toast.
 */
export function useSecurityProblem(messages: SecurityPageWords['messages']) {
  const form = useFormProblem();
  const { fieldProps, alert } = form;
  const inWords = (problem: SecurityProblem): FormProblem => ({
    message: messages[securityMessageKey(problem.message)],
    fields: problem.fields,
  });
  const report = (element: HTMLFormElement, problem: SecurityProblem | null) =>
    form.report(element, problem && inWords(problem));
  const fail = (element: HTMLFormElement | null, error: unknown, fallback: SecurityMessage) => {
    const problem = inWords(shownSecurityProblem(error, fallback));
    if (element) form.report(element, problem);
    toast.error(problem.message);
  };
  const clear = (element: HTMLFormElement | null) => {
    if (element) form.report(element, null);
  };
  return { report, fieldProps, alert, fail, clear };
}
