-- Deals are updated column by column (the kept columns — status, closed_at, stage_entered_at… —
-- belong to triggers): the transaction certificate number, added for the annual transaction
-- report, is one the deal form edits, so whoever may update the deal may set it.
grant update (transaction_certificate_no) on public.deals to authenticated;
