-- Realtime hints for the member and admin screens (clients re-read with text casts on each event).
-- RLS still applies to what each subscriber receives.
alter publication supabase_realtime add table
  public.profiles,
  public.ledger_entries,
  public.deposit_notices,
  public.withdrawal_requests,
  public.deposit_wallets,
  public.contact_messages;
