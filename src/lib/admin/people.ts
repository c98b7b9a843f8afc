import { supabase } from '~/lib/supabase';
import { idBatches } from '~/lib/id-batches';
import { toDbError } from '~/lib/db-errors';

export interface Person {
  email: string;
  username: string;
}

/** E-mail and name for a set of user ids (admins may read every profile), to label who did what. */
export async function peopleById(ids: Iterable<string | null | undefined>): Promise<Map<string, Person>> {
  const unique = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const people = new Map<string, Person>();
  if (unique.length === 0) return people;
  const answers = await Promise.all(
    idBatches(unique).map((batch) =>
      supabase().from('profiles').select('id, email, username').in('id', batch),
    ),
  );
  for (const { data, error } of answers) {
    if (error) throw toDbError(error, 'Could not load the people involved.');
    for (const row of (data ?? []) as { id: string; email: string; username: string }[]) {
      people.set(row.id, { email: row.email, username: row.username });
    }
  }
  return people;
}
