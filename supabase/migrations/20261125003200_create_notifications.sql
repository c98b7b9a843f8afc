-- Notifications for members (issue 23), derived from the audit log: an AFTER INSERT trigger on
-- audit_events writes one (address_added: two) per event that names a member and that
-- private.member_event_words describes. Nothing else writes them, so every audited event is announced.
-- A notice holds no words: they are written when it is read, in the reader's language (issue 36),
-- from the event it points to (private.notice_words), so a member who changes language reads every
-- notice in the new one, and the bell, the list and the freeze page cannot disagree.

create table public.notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The event's kind, or '<kind>_usable' for the later notice of an address that becomes usable.
  kind text not null,
  event_id bigint not null references public.audit_events (id),
  created_at timestamptz not null default now(),
  -- A notice about the future (an address becoming usable) is written now and shown from then on.
  available_at timestamptz not null default now(),
  read_at timestamptz
);

comment on table public.notifications is
  'Member notifications derived from audit_events. Read: the member (own rows, once available_at has passed). Write: the audit_events trigger; read_at only through mark_notifications_read.';

-- The list is newest first by the time a notice becomes visible, paged by (available_at, id); the
-- unread count and the cap below read the same range. One index serves all three.
create index notifications_user_available_idx on public.notifications (user_id, available_at, id);
create index notifications_event_idx on public.notifications (event_id);

alter table public.notifications enable row level security;

revoke all on public.notifications from public, anon, authenticated, service_role;
grant select on public.notifications to authenticated, service_role;

create policy notifications_select_own_available on public.notifications
  for select to authenticated
  using (user_id = (select auth.uid()) and available_at <= now());

-- A member keeps at most this many notices; older ones go as new ones arrive, so a busy account
-- (many ledger entries) cannot grow the table without bound. The audit log keeps everything.
create function private.notifications_per_member() returns int
language sql
immutable
set search_path = ''
as $$ select 500 $$;

create function private.notify_member() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_oldest record;
begin
  -- The member may be on their way out (a role revoked while auth.users cascades): nobody to tell.
  if not exists (select 1 from auth.users u where u.id = new.member_id) then
    return null;
  end if;
  insert into public.notifications (user_id, kind, event_id, available_at)
  select new.member_id, case w.variant when 'usable' then new.kind || '_usable' else new.kind end,
    new.id, coalesce(w.available_at, now())
  from private.member_event_words(new) w;

  select n.available_at, n.id into v_oldest
  from public.notifications n
  where n.user_id = new.member_id
  order by n.available_at desc, n.id desc
  offset private.notifications_per_member() limit 1;
  if found then
    delete from public.notifications n
    where n.user_id = new.member_id and (n.available_at, n.id) <= (v_oldest.available_at, v_oldest.id);
  end if;
  return null;
end
$$;

revoke execute on function private.notify_member(), private.notifications_per_member()
  from public, anon, authenticated, service_role;

-- A stored notice's title and body in a language: the words of its event's variant (the event
-- itself, or an address's later "ready" notice).
create function private.notice_words(p_event_id bigint, p_kind text, p_locale text)
returns table (title text, body text)
language sql
stable
set search_path = ''
as $$
  select w.title, w.body
  from public.audit_events e
  cross join lateral private.member_event_words(e, p_locale) w
  where e.id = p_event_id and (w.variant = 'usable') = (p_kind = e.kind || '_usable')
  limit 1
$$;

revoke execute on function private.notice_words(bigint, text, text) from public, anon, authenticated, service_role;

create trigger audit_events_notify after insert on public.audit_events
  for each row when (new.member_id is not null) execute function private.notify_member();

-- Marks the caller's visible notices read: the ones named, or all when p_ids is null. Others' ids
-- and unknown ids are ignored (nothing about them is revealed). Returns how many changed.
create function public.mark_notifications_read(p_ids bigint[] default null) returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count int;
begin
  perform private.require_member();
  if p_ids is not null and cardinality(p_ids) > private.notifications_per_member() then
    raise exception 'Mark at most % notifications at once, or all of them.', private.notifications_per_member()
      using errcode = '22023';
  end if;
  update public.notifications n
  set read_at = now()
  where n.user_id = auth.uid() and n.read_at is null and n.available_at <= now()
    and (p_ids is null or n.id = any (p_ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke execute on function public.mark_notifications_read(bigint[]) from public, anon, authenticated, service_role;
grant execute on function public.mark_notifications_read(bigint[]) to authenticated;

-- The bell's number: the caller's visible unread notices (at most the cap, so cheap).
create function public.unread_notification_count() returns int
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::int from public.notifications n
  where n.user_id = (select auth.uid()) and n.read_at is null and n.available_at <= now()
$$;

revoke execute on function public.unread_notification_count() from public, anon, authenticated, service_role;
grant execute on function public.unread_notification_count() to authenticated;

-- Seconds until the caller's next notice comes due (an address becoming usable), or null. Realtime
-- says nothing at that moment (no row changes), so the browser re-reads then. Reveals only the time
-- of the caller's own future notice, which its "added" notice already states.
create function public.next_notification_in() returns double precision
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := private.require_member();
begin
  return (select extract(epoch from min(n.available_at) - now())::double precision
          from public.notifications n where n.user_id = v_uid and n.available_at > now());
end
$$;

revoke execute on function public.next_notification_in() from public, anon, authenticated, service_role;
grant execute on function public.next_notification_in() to authenticated;

-- The one page-size rule of the member's keyset-paged lists (notifications, activity).
create function private.require_page_size(p_limit int) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'Ask for 1 to 100 entries at a time.' using errcode = '22023';
  end if;
end
$$;

revoke execute on function private.require_page_size(int) from public, anon, authenticated, service_role;
grant execute on function private.require_page_size(int) to authenticated;

-- /user/notifications: the caller's visible notices, newest first, paged by key (pass the last id of
-- a page as p_before), each in p_locale ('en', 'zh-hant', 'ar'; null: the member's own language).
-- Definer rights, as the words come from the audit log members cannot read: the filter below is the
-- policy's (own rows, once available), and private.require_member its assurance level.
create function public.my_notifications(p_before bigint default null, p_limit int default 20, p_locale text default null)
returns table (id bigint, kind text, title text, body text, available_at timestamptz, read_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := private.require_member();
  v_locale text := private.reader_locale(p_locale);
  v_cursor_at timestamptz;
  v_cursor_id bigint;
begin
  perform private.require_page_size(p_limit);
  if p_before is not null then
    select n.available_at, n.id into v_cursor_at, v_cursor_id
    from public.notifications n where n.id = p_before and n.user_id = v_uid;
    if not found then
      raise exception 'That page of your notifications was not found; reload the page.' using errcode = '22023';
    end if;
  end if;
  return query
  select n.id, n.kind, w.title, w.body, n.available_at, n.read_at
  from (
    select * from public.notifications n
    where n.user_id = v_uid and n.available_at <= now()
      and (p_before is null or (n.available_at, n.id) < (v_cursor_at, v_cursor_id))
    order by n.available_at desc, n.id desc
    limit p_limit) n
  cross join lateral private.notice_words(n.event_id, n.kind, v_locale) w
  order by n.available_at desc, n.id desc;
end
$$;

revoke execute on function public.my_notifications(bigint, int, text) from public, anon, authenticated, service_role;
grant execute on function public.my_notifications(bigint, int, text) to authenticated;

alter publication supabase_realtime add table public.notifications;
