import { useEffect, useRef, useState } from 'react';
import { copyText } from './clipboard';
import { fill } from '~/i18n/fill';

/** How long "Copied" shows after a copy (spec: 2000 ms, as for deposit addresses). */
const COPIED_MS = 2000;

/** The button's words; `named` is its accessible name, {label} what is copied. */
export interface CopyWords {
  copy: string;
  copied: string;
  named: string;
}

/** The admin area's (English): the member portal passes its page's words. */
const ENGLISH: CopyWords = { copy: 'Copy', copied: 'Copied', named: 'Copy {label}' };

/**
 * A long identifier (transaction id, address, hash) shown in full: it wraps anywhere instead of
 * widening the page, and a Copy button beside it copies the exact text.
 */
export default function CopyableValue({
  label,
  value,
  className = '',
  words = ENGLISH,
}: {
  /** What the value is, for the copy button's accessible name ("Copy transaction id"). */
  label: string;
  value: string;
  className?: string;
  words?: CopyWords | undefined;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function onCopy() {
    if (await copyText(value, label)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    }
  }

  return (
    <span className={`flex min-w-0 items-start gap-2 ${className}`}>
      <code className="min-w-0 font-mono text-xs break-all text-ink-800" dir="ltr">
        {value}
      </code>
      <button
        type="button"
        className="-my-1 inline-flex min-h-8 shrink-0 items-center rounded-md border border-mist-300 px-2 text-xs font-semibold text-ink-900 hover:bg-mist-100"
        aria-label={fill(words.named, { label })}
        onClick={() => void onCopy()}
      >
        <span aria-live="polite">{copied ? words.copied : words.copy}</span>
      </button>
    </span>
  );
}
