-- A business reads only its own money in the ledger: the charge to its card and any refund. The
-- fee ProMatch keeps and the transfer to the professional are between ProMatch and the
-- professional (their plan's rate is theirs), so the business no longer reads those rows by
-- querying the table, as the dashboard, receipts and the data export already did not show them.
-- The professional still reads every row of their milestones, payments staff every row.

drop policy if exists ledger_entries_select on public.ledger_entries;
create policy ledger_entries_select on public.ledger_entries
  for select to authenticated
  using (
    (business_id = (select auth.uid()) and kind in ('charge', 'refund'))
    or professional_id = (select auth.uid())
    or (select public.admin_has_permission('payments'))
  );
