-- No realtime event names another member (issue 30). Realtime checks RLS for INSERT and UPDATE, but
-- not for DELETE: every subscriber of a table receives each deleted row's primary key, whoever it
-- belonged to (hosted Realtime documents this; the local server does the same). withdrawal_freezes was
-- keyed by the member's id and deleted on unfreeze, so each lift told every signed-in member whose
-- freeze it was. Freezes are now lifted by an update (20261125000200), and the publication carries no
-- DELETE at all: the portal listens to no delete (a notification trimmed past the cap simply stays on
-- a page already open until it reloads), and a delete must never be news to the wrong person. supabase/tests/realtime-privacy.test.ts keeps both rules.
alter publication supabase_realtime set (publish = 'insert, update');
