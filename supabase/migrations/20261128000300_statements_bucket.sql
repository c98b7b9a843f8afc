-- Where statements' files are kept (issue 34): a private Storage bucket, "statements". Each member's
-- files are under a folder named by their id (<member id>/<reference>.pdf and .csv), written only by
-- the statement job with the service role (which bypasses RLS): no policy lets anyone else insert,
-- update or delete. A member reads their own folder (at the assurance level their data needs, as
-- every member table); auditors and owners at aal2 read all. Downloads and signed URLs go through
-- storage.objects as the caller, so these policies decide both.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('statements', 'statements', false, 10485760, array['application/pdf', 'text/csv'])
on conflict (id) do nothing;

create policy statements_read_own_or_auditors on storage.objects
  for select to authenticated
  using (
    bucket_id = 'statements'
    and (
      ((storage.foldername(name))[1] = (select auth.uid())::text and (select private.member_aal_ok()))
      or (select private.has_role('auditor', 'owner'))
    )
  );
