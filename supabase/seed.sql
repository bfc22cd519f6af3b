-- local-only seed, applied after the migrations by the backend's migration runner (and by
-- `supabase db reset` on the cli). reference data that every environment needs (the free and
-- pro subscription plans) lives in the migrations instead, so hosted deploys get it too.
--
-- nothing personal belongs here, and nothing that changes what a fresh database shows: tests
-- and the e2e suite start from the migrations alone. demo professionals and businesses come
-- from the seed generator (`npm run seed -- --professionals n`, decision 0026), which should create
-- users through the auth admin api (or insert into auth.users) so the on_auth_user_created
-- trigger builds their profiles and subscriptions exactly as a real sign-up does, then fill
-- the marketplace fields of public.profiles with the service role.

select 1; -- a seed file with no statements is valid sql; this keeps runners that expect one happy.
