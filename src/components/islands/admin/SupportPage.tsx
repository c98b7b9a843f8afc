import AdminArea from './AdminArea';
import SupportContacts from '../shared/SupportContacts';
import { STAFF_SUPPORT_LEAD } from '~/config/support';
import type { SupportWords } from '~/i18n/member/pages/support';

/**
 * /admin/support: the support channels members are shown, for every staff role. The admin area is
 * English: its page passes the member list's English words.
 */
export default function SupportPage({ words }: { words: SupportWords }) {
  return (
    <AdminArea current="/admin/support" title="Support">
      {() => <SupportContacts words={words} lead={STAFF_SUPPORT_LEAD} />}
    </AdminArea>
  );
}
