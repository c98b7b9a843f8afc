import MemberShell from './MemberShell';
import SupportContacts from '../shared/SupportContacts';

/** /user/support: how to reach the support desk (the sidebar's Support entry). */
export default function SupportPage() {
  return (
    <MemberShell current="/user/support" heading="Support">
      {() => <SupportContacts audience="member" />}
    </MemberShell>
  );
}
