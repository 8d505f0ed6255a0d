-- The money lists at scale (issue 14 Performance: 50,000 invoices, 80,000 payments).
--   • The payments list opens newest first (created_at desc, id): without an index on that order
--     every page sorted all payments the caller may see.
--   • The invoices list filtered by status opens by last change (updated_at desc, id): one index
--     serves the filter and the order, so the first page stops after 25 rows.
--   • Staff under "own" access: the SPA repeats the policy's owner/assignee (and, for payments,
--     recorded_by) test as an explicit filter with the user's id as a literal. A policy of the
--     shape `scope = 'all' OR owner_id = auth.uid() …` cannot drive an index (the OR with an
--     init-plan keeps it a filter); the literal filter can, through the existing single-column
--     indexes on owner_id, assignee_id and recorded_by (a BitmapOr).
create index if not exists payments_created_idx on public.payments (created_at desc, id);
create index if not exists invoices_status_updated_idx on public.invoices (status, updated_at desc, id);
