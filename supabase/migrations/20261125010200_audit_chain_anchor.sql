-- Anchors for the audit chain, kept outside the database (docs/four-eyes.md, "The end of the chain").
-- The chain's hash is a plain SHA-256, so whoever can disable the guard triggers as the table owner
-- can edit an event, recompute every hash after it and move private.audit_chain_head to match:
-- verify_audit_chain would then say "intact". What they cannot do is change the hash of an event
-- someone copied elsewhere earlier without that copy telling: each hash covers the one before it, so
-- an event's hash stands for the whole log up to it.
--
-- audit_chain_anchor() hands out the newest event's id and hash (an anchor) for an auditor or owner,
-- or a daily job (`npm run audit:anchor`), to keep outside the database; check_audit_anchor(id, hash)
-- says whether that event is still in the log with that hash, and still matches its own fields.

create function public.audit_chain_anchor() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_event public.audit_events;
begin
  perform private.require_role('auditor', 'owner');
  select * into v_event from public.audit_events e order by e.id desc limit 1;
  if not found then
    raise exception 'The audit log has no events yet: there is nothing to anchor.' using errcode = 'PT404';
  end if;
  return jsonb_build_object('event_id', v_event.id, 'hash', v_event.hash,
    'occurred_at', v_event.occurred_at, 'taken_at', now());
end
$$;

create function public.check_audit_anchor(p_event_id bigint, p_hash text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_event public.audit_events;
  v_hash text := lower(btrim(coalesce(p_hash, '')));
begin
  perform private.require_role('auditor', 'owner');
  if p_event_id is null or p_event_id < 1 or v_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'An anchor is an event number and the 64-character hash kept with it.' using errcode = '22023';
  end if;
  select * into v_event from public.audit_events e where e.id = p_event_id;
  if not found then
    return jsonb_build_object('matches', false, 'event_id', p_event_id,
      'problem', format('Event #%s is not in the log: it, or the log up to it, was removed.', p_event_id));
  end if;
  if v_event.hash <> v_hash then
    return jsonb_build_object('matches', false, 'event_id', p_event_id,
      'problem', format('Event #%s no longer has the hash you kept: the log up to it was rewritten.', p_event_id));
  end if;
  if private.audit_hash(v_event) <> v_event.hash then
    return jsonb_build_object('matches', false, 'event_id', p_event_id,
      'problem', format('Event #%s was changed after it was written.', p_event_id));
  end if;
  return jsonb_build_object('matches', true, 'event_id', p_event_id, 'problem', null);
end
$$;

revoke execute on function public.audit_chain_anchor(), public.check_audit_anchor(bigint, text) from public, anon, authenticated, service_role;
grant execute on function public.audit_chain_anchor(), public.check_audit_anchor(bigint, text)
  to authenticated, service_role;
