import MemberShell from './MemberShell';
import SupportContacts from '../shared/SupportContacts';
import type { MemberLanguage } from './member-language';

/** /user/support: how to reach the support desk (the sidebar's Support entry). */
export default function SupportPage({ language }: { language: MemberLanguage }) {
  return (
    <MemberShell language={language} current="/user/support" heading="Support">
      {() => <SupportContacts audience="member" />}
    </MemberShell>
  );
}
