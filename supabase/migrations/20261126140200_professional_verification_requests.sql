-- professionals' requests for the verified badge (decision 0087): evidence files in a private
-- bucket (the owner and staff with the verification area read them), one pending request at a
-- time, and a decision with a reason the professional reads on their dashboard and by e-mail.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('verification-evidence', 'verification-evidence', false, 10 * 1024 * 1024,
  array['application/pdf', 'image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

drop policy if exists verification_evidence_select on storage.objects;
create policy verification_evidence_select on storage.objects
  for select to authenticated
  using (bucket_id = 'verification-evidence'
    and ((storage.foldername(name))[1] = (select auth.uid())::text
      or (select public.admin_has_permission('verification'))));
comment on policy verification_evidence_select on storage.objects is
  'The professional reads their own evidence (<user id>/...); staff with the verification area read all of it.';

drop policy if exists verification_evidence_insert on storage.objects;
create policy verification_evidence_insert on storage.objects
  for insert to authenticated
  with check (bucket_id = 'verification-evidence'
    and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy verification_evidence_insert on storage.objects is 'A user uploads evidence into their own folder only.';

create table if not exists public.verification_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  message text check (char_length(message) <= 2000),
  evidence_paths text[] not null
    check (cardinality(evidence_paths) between 1 and 5),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decision_note text check (char_length(decision_note) <= 2000),
  reviewed_by uuid,
  reviewed_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.verification_requests is
  'A professional''s request for the verified badge with the evidence they uploaded (paths in the verification-evidence bucket). Decided only by admin_decide_verification_request.';
create unique index if not exists verification_requests_one_pending_idx
  on public.verification_requests (user_id) where status = 'pending';
create index if not exists verification_requests_status_idx on public.verification_requests (status, created_at);

create or replace function public.evidence_paths_are_own(p_paths text[])
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(bool_and(split_part(p, '/', 1) = (select auth.uid())::text
    and char_length(p) between 38 and 300 and p !~ '\.\.'), false)
  from unnest(p_paths) p;
$$;
comment on function public.evidence_paths_are_own(text[]) is
  'Whether every evidence path lies in the caller''s own folder of the verification-evidence bucket.';

alter table public.verification_requests enable row level security;

drop policy if exists verification_requests_select on public.verification_requests;
create policy verification_requests_select on public.verification_requests
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.admin_has_permission('verification')));
comment on policy verification_requests_select on public.verification_requests is
  'The professional sees their own requests and decisions; staff with the verification area see all.';

drop policy if exists verification_requests_insert on public.verification_requests;
create policy verification_requests_insert on public.verification_requests
  for insert to authenticated
  with check (
    user_id = (select auth.uid()) and status = 'pending'
    and decision_note is null and reviewed_by is null and reviewed_at is null
    and (select public.evidence_paths_are_own(evidence_paths))
    and exists (select 1 from public.profiles p
      where p.id = (select auth.uid()) and p.account_type = 'professional' and not p.verified));
comment on policy verification_requests_insert on public.verification_requests is
  'An unverified professional files a pending request as themselves, with evidence from their own folder.';
-- no update or delete policies: a request is decided by admin_decide_verification_request only.

revoke all on table public.verification_requests from public, anon, authenticated;
grant select, insert on table public.verification_requests to authenticated;
grant all on table public.verification_requests to service_role;

create or replace function public.admin_professional_verification_queue(p_status text default 'pending')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  perform public.admin_require('verification');
  if p_status not in ('pending', 'approved', 'rejected') then
    raise exception 'Unknown request status: %', p_status using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', r.id, 'message', r.message, 'evidence_paths', to_jsonb(r.evidence_paths),
      'status', r.status, 'decision_note', r.decision_note, 'reviewed_at', r.reviewed_at,
      'created_at', r.created_at,
      'professional', jsonb_build_object('id', p.id, 'name', p.name, 'email', u.email,
        'verified', p.verified))
      order by r.created_at), '[]'::jsonb)
    into v_result
  from public.verification_requests r
  join public.profiles p on p.id = r.user_id
  left join auth.users u on u.id = r.user_id
  where r.status = p_status;
  return v_result;
end;
$$;
comment on function public.admin_professional_verification_queue(text) is
  'Verification area: professionals'' badge requests by status (oldest first) with their evidence paths (staff open them with signed URLs).';

create or replace function public.admin_decide_verification_request(p_request uuid, p_approve boolean, p_reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := public.admin_require('verification');
  v_reason text := public.admin_clean_reason(p_reason);
  v_request public.verification_requests;
  v_email text;
  v_status text := case when p_approve then 'approved' else 'rejected' end;
begin
  select * into v_request from public.verification_requests r where r.id = p_request for update;
  if not found then
    raise exception 'Request not found' using errcode = 'P0002';
  end if;
  if v_request.status <> 'pending' then
    raise exception 'This request has already been decided.' using errcode = '22023';
  end if;
  update public.verification_requests
    set status = v_status, decision_note = v_reason, reviewed_by = v_actor, reviewed_at = now()
    where id = p_request;
  if p_approve then
    update public.profiles set verified = true where id = v_request.user_id;
  end if;
  perform public.write_admin_audit(
    case when p_approve then 'approve_verification_request' else 'reject_verification_request' end,
    'verification_request', p_request::text,
    jsonb_build_object('status', 'pending', 'user_id', v_request.user_id),
    jsonb_build_object('status', v_status, 'user_id', v_request.user_id), v_reason);
  select u.email into v_email from auth.users u where u.id = v_request.user_id;
  if v_email is not null then
    perform public.queue_admin_email(v_email,
      case when p_approve then 'Your ProMatch profile is verified'
        else 'Your ProMatch verification request' end,
      case when p_approve then 'We checked your evidence and added the verified badge to your profile.'
        else 'We could not verify your profile from the evidence you sent.' end
      || chr(10) || chr(10) || v_reason);
  end if;
end;
$$;
comment on function public.admin_decide_verification_request(uuid, boolean, text) is
  'Verification area: approves (the verified badge is granted) or rejects a professional''s request with a reason they read on their dashboard and by e-mail; audited.';

revoke all on function public.evidence_paths_are_own(text[]) from public, anon;
grant execute on function public.evidence_paths_are_own(text[]) to authenticated, service_role;
revoke all on function public.admin_professional_verification_queue(text),
  public.admin_decide_verification_request(uuid, boolean, text) from public, anon;
grant execute on function public.admin_professional_verification_queue(text),
  public.admin_decide_verification_request(uuid, boolean, text) to authenticated, service_role;
