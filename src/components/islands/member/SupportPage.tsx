import MemberShell from './MemberShell';
import SupportContacts from '../shared/SupportContacts';
import type { MemberLanguage } from './member-language';
import type { SupportWords } from '~/i18n/member/pages/support';

/** /user/support: how to reach the support desk (the sidebar's Support entry), in the page's language. */
export default function SupportPage({ language, words }: { language: MemberLanguage; words: SupportWords }) {
  return (
    <MemberShell language={language} current="/user/support" heading={words.heading}>
      {() => <SupportContacts words={words} lead={words.lead} />}
    </MemberShell>
  );
}
