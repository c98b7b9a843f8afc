import { subscribeToChanges } from '~/lib/realtime';
import { supabase } from '~/lib/supabase';
import { toDbError } from '~/lib/db-errors';
import { WORK_QUEUE_REFRESH } from './work-queue-items';

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  identity: 'investor' | 'borrower' | null;
  created_at: string;
}

/** Contact messages, newest first. They are rendered as text by the UI (never as HTML). */
export async function listMessages(limit = 200): Promise<ContactMessage[]> {
  const { data, error } = await supabase()
    .from('contact_messages')
    .select('id, name, email, message, identity, created_at')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit);
  if (error) throw toDbError(error, 'Could not load the messages.');
  return (data ?? []).map((m) => ({
    ...m,
    id: String(m.id),
    identity: m.identity === 'investor' || m.identity === 'borrower' ? m.identity : null,
  }));
}

/**
 * Re-reads on every new message and each time the feed goes live (first join and every rejoin);
 * returns the cleanup that removes this channel.
 */
export function watchMessages(onChange: () => void): () => void {
  return subscribeToChanges('admin-messages', [{ table: 'contact_messages', event: 'INSERT' }], {
    onChange,
    onLive: onChange,
  });
}

/**
 * The caller has read the list: messages up to now are no longer unread for them (the work queue's
 * count is per person). Tells the admin shell's work queue to count again: this write is in a private
 * table the change feed does not carry.
 */
export async function markMessagesSeen(): Promise<void> {
  const { error } = await supabase().rpc('mark_messages_seen');
  if (error) throw toDbError(error, 'Could not mark the messages as read.');
  document.dispatchEvent(new Event(WORK_QUEUE_REFRESH));
}
