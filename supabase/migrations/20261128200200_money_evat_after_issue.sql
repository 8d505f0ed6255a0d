-- E-VAT details recorded after issue were refused (found by the browser test of "E-VAT details"):
-- the guard compares an issued invoice's old and new row, and in a BEFORE trigger the stored
-- generated columns (client_key, search_text) are not computed yet — NEW holds NULL there — so
-- every update of an issued document through the API looked like an edit, even one that set only
-- the E-VAT fields or the owner. The guard now leaves generated columns out of the comparison
-- (Postgres recomputes them from the columns it does compare). Otherwise unchanged from
-- 20261125400000.
create or replace function private.guard_invoice() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  internal boolean := private.money_internal();
  via_api boolean := coalesce(auth.role(), '') in ('anon', 'authenticated', 'service_role');
  -- Columns anyone who may edit the record may still change once it is issued.
  free_after_issue text[] := array['updated_at', 'owner_id', 'assignee_id', 'last_sent_at', 'last_sent_to'];
  -- Columns recorded once after issue (E-VAT), when still empty.
  evat text[] := array['gra_invoice_id', 'gra_qr_code', 'gra_sdc_time'];
  -- Stored generated columns: not computed yet in a BEFORE trigger (NULL in NEW); never compared.
  generated text[] := array(select a.attname::text from pg_catalog.pg_attribute a
                             where a.attrelid = 'public.invoices'::regclass and a.attgenerated = 's' and not a.attisdropped);
  -- Columns only the money functions write.
  system_cols text[] := array['number', 'status', 'subtotal', 'tax_total', 'total', 'amount_paid', 'amount_credited',
                              'issued_at', 'issued_by', 'voided_at', 'void_reason', 'exchange_rate', 'exchange_rate_date',
                              'withholding_rate', 'withholding_amount', 'converted_from_id'];
  o jsonb;
  n jsonb;
  k text;
begin
  if tg_op = 'DELETE' then
    if old.status <> 'draft' and via_api then
      raise exception '% has been issued and is never deleted: issue a credit note instead.', old.number using errcode = 'P0001';
    end if;
    return old;
  end if;
  if tg_op = 'INSERT' then
    if via_api and not internal then
      if new.status <> 'draft' or new.number is not null then
        raise exception 'A new document starts as a draft; it gets its number when it is issued.' using errcode = 'P0001';
      end if;
      if coalesce(new.subtotal, 0) <> 0 or coalesce(new.tax_total, 0) <> 0 or coalesce(new.total, 0) <> 0 then
        raise exception 'The totals are computed from the lines: a new document without lines totals 0.00, not %.', new.total
          using errcode = 'P0001';
      end if;
      if coalesce(new.amount_paid, 0) <> 0 or coalesce(new.amount_credited, 0) <> 0 or new.issued_at is not null or new.converted_from_id is not null then
        raise exception 'Payments, credits and issue details are recorded by the money functions, not set on a new document.' using errcode = 'P0001';
      end if;
    end if;
    if via_api and not internal then
      -- Set at issue, never typed in.
      new.exchange_rate := null;
      new.exchange_rate_date := null;
      new.withholding_rate := null;
      new.withholding_amount := 0;
      new.voided_at := null;
      new.void_reason := null;
      new.issued_by := null;
    end if;
    return new;
  end if;

  -- UPDATE
  if internal or not via_api then return new; end if;
  if (new.subtotal, new.tax_total, new.total) is distinct from (old.subtotal, old.tax_total, old.total) then
    raise exception 'The totals are computed from the lines (subtotal %, tax %, total %): a total of % does not match them.',
      old.subtotal, old.tax_total, old.total, new.total using errcode = 'P0001';
  end if;
  o := to_jsonb(old);
  n := to_jsonb(new);
  if old.status = 'draft' then
    foreach k in array system_cols loop
      if (n -> k) is distinct from (o -> k) then
        raise exception 'The % of a document is set by the money functions (issue, payments, credit notes), not edited.', replace(k, '_', ' ')
          using errcode = 'P0001';
      end if;
    end loop;
    if new.kind is distinct from old.kind and (old.kind = 'credit_note' or new.kind = 'credit_note') then
      raise exception 'A credit note stays a credit note, and a document becomes one only through "Credit note" on an invoice.' using errcode = 'P0001';
    end if;
    if new.credited_invoice_id is distinct from old.credited_invoice_id then
      raise exception 'The invoice a credit note credits cannot change.' using errcode = 'P0001';
    end if;
    return new;
  end if;
  foreach k in array evat loop
    if (n -> k) is distinct from (o -> k) and (o ->> k) is not null then
      raise exception 'The E-VAT % of % is already recorded and cannot change.', replace(k, '_', ' '), old.number using errcode = 'P0001';
    end if;
  end loop;
  if (n - free_after_issue - evat - generated) is distinct from (o - free_after_issue - evat - generated) then
    raise exception '% has been issued and cannot be edited: issue a credit note instead.', old.number using errcode = 'P0001';
  end if;
  return new;
end $$;
comment on function private.guard_invoice() is
  'Issued documents are immutable (credit notes instead); totals and settlement columns are written only by the money functions; drafts start without number or figures.';
