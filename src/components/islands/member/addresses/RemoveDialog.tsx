import { useState } from 'react';
import toast from '~/lib/toast';
import Dialog from '../../shared/Dialog';
import { errorTextIn } from '~/lib/db-errors';
import { removeWithdrawalAddress, type AddressEntry } from '~/lib/withdrawal-addresses';
import { isolate } from '~/lib/bidi';
import { fill } from '~/i18n/fill';
import type { AddressesWords } from '~/i18n/member/pages/addresses';
import { useMemberLanguage } from '../member-language';

/** "Remove this address?" for `entry` (mounted while the member is deciding); closes once it is removed. */
export default function RemoveDialog({
  entry,
  onClose,
  words,
}: {
  entry: AddressEntry;
  onClose: () => void;
  words: AddressesWords['remove'];
}) {
  const { locale } = useMemberLanguage();
  const [busy, setBusy] = useState(false);
  // The member's own name for the address, in whichever script they wrote it.
  const label = isolate(entry.label);

  async function remove() {
    setBusy(true);
    try {
      await removeWithdrawalAddress(entry.id);
      toast.success(fill(words.removed, { label }));
      onClose();
    } catch (error) {
      // The database's refusal is in English: on another language's page, the page's own sentence.
      toast.error(errorTextIn(locale, error, words.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={words.title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn-outline-dark" onClick={onClose}>
            {words.keep}
          </button>
          <button type="button" className="btn-dark" disabled={busy} onClick={() => void remove()}>
            {busy ? words.removing : words.remove}
          </button>
        </>
      }
    >
      <p className="text-sm text-ink-800">{fill(words.text, { label })}</p>
    </Dialog>
  );
}
