import AdminArea from './AdminArea';
import SupportContacts from '../shared/SupportContacts';

/** /admin/support: the support channels members are shown, for every staff role. */
export default function SupportPage() {
  return (
    <AdminArea current="/admin/support" title="Support">
      {() => <SupportContacts audience="staff" />}
    </AdminArea>
  );
}
