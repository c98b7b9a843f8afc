import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import CodeField from '../../shared/CodeField';
import { MFA_MESSAGES } from '~/lib/mfa';
import { answerIn } from '~/lib/answer-in-language';
import type { SecurityPageWords } from '~/i18n/security-words';
import { useMemberLanguage } from '../member-language';

export interface CodeFormProps {
  /** Checks the code and acts; throws an Error whose message is shown under the field. */
  onCode: (code: string) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
  /** The page's words: the code field's label, the answers, Cancel. */
  words: SecurityPageWords;
  children?: ReactNode;
}

/**
 * One authenticator code and what it confirms (adding or removing an authenticator). A wrong code
 * shows why and empties the field; nothing else changes, so the member just types the next code.
 */
export default function CodeForm({
  onCode,
  submitLabel,
  busyLabel,
  onCancel,
  words,
  children,
}: CodeFormProps) {
  const { locale } = useMemberLanguage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onCode(code);
    } catch (e) {
      setError(
        answerIn(
          locale,
          MFA_MESSAGES,
          words.mfa,
          e,
          locale === 'en' ? MFA_MESSAGES.failed : words.mfa.failed,
        ),
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-4 rounded-lg border border-mist-200 p-4" onSubmit={onSubmit} aria-busy={busy}>
      {children}
      <CodeField id={id} value={code} onChange={setCode} error={error} label={words.codeLabel} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-dark" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        <button type="button" className="btn-outline-dark" onClick={onCancel} disabled={busy}>
          {words.authenticators.cancel}
        </button>
      </div>
    </form>
  );
}
