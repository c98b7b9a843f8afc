-- Screens follow the engine live (issue 32): the Approvals queue and a member's row hear a pending
-- transfer recorded or resolved (transfers: staff only, by RLS), and the withdraw form hears its
-- reservations (ledger_accounts: the member's own four rows, by RLS). Realtime applies each table's
-- select policy to every change it delivers, as for the other published tables.
alter publication supabase_realtime add table public.transfers, public.ledger_accounts;
