-- propose_balances sums one admin's alone-posted small edits (admin_edit with no proposal) over the
-- last 24 hours on every small edit. Partial, so it holds only those rows, and it carries the delta
-- so the sum never visits the table's 1,000,000+ rows.
create index ledger_entries_alone_edits_idx on public.ledger_entries (actor_id, created_at) include (delta)
  where source = 'admin_edit' and source_id is null;
