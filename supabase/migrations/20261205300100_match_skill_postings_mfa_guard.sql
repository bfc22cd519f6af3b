-- match_skill_postings (20261205300000) joins every other table in public under the restrictive
-- "aal2 for enrolled users" policy (docs/decisions/0148-mfa-aal2-in-the-database.md). No API role
-- holds a grant on it today, so the policy refuses nothing that is not refused already; it is
-- there so that a grant added later cannot open the table to a session that skipped its second
-- factor. backend/test/security/mfa-aal.test.ts checks every table in public for it.
drop policy if exists "mfa: aal2 for enrolled users" on public.match_skill_postings;
create policy "mfa: aal2 for enrolled users" on public.match_skill_postings
  as restrictive to authenticated
  using ((select private.mfa_satisfied()))
  with check ((select private.mfa_satisfied()));
