/** The finances page's settings (admins): accounts and the overdue-reminder days. */
import { useAddAccount, useSaveReminderOffsets } from "../hooks/finance-mutations.ts";
import { useState } from "react";
import { ACCOUNT_KIND_LABELS, ACCOUNT_KINDS, type AccountKind } from "#core/finances/finances.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useFinanceAccounts, useReminderOffsets } from "../hooks/finance-queries.ts";

export function FinanceSettings() {
  const accounts = useFinanceAccounts();
  const offsets = useReminderOffsets();
  const [text, setText] = useState<string | null>(null);
  const [acc, setAcc] = useState({
    name: "",
    kind: "bank" as AccountKind,
    institution: "",
    account_number: "",
  });
  const saveOffsets = useSaveReminderOffsets();
  const addAccount = useAddAccount(() =>
    setAcc({ name: "", kind: "bank", institution: "", account_number: "" }),
  );
  const shown = text ?? (offsets.data ?? []).join(", ");
  const parsed = shown
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
  const bad = parsed.some((n) => !Number.isInteger(n) || n < -60 || n > 120) || parsed.length > 10;
  return (
    <div className="grid gap-6 pt-2 lg:grid-cols-2">
      <section aria-labelledby="acc-h" className="flex flex-col gap-3">
        <h2 id="acc-h" className="font-semibold">
          Accounts
        </h2>
        <ul className="flex flex-col gap-1 text-sm">
          {(accounts.data ?? []).map((a) => (
            <li key={a.id} className="flex justify-between rounded border px-2 py-1">
              <span>{a.name}</span>
              <span className="text-muted-foreground">{ACCOUNT_KIND_LABELS[a.kind]}</span>
            </li>
          ))}
        </ul>
        <form
          aria-label="Add an account"
          className="grid gap-2 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            addAccount.mutate({
              name: acc.name.trim(),
              kind: acc.kind,
              institution: acc.institution.trim() || null,
              account_number: acc.account_number.trim() || null,
              currency: "GHS",
            });
          }}
        >
          <Field label="Name" required>
            <Input value={acc.name} onChange={(e) => setAcc({ ...acc, name: e.target.value })} />
          </Field>
          <Field label="Kind">
            <NativeSelect
              value={acc.kind}
              onChange={(e) => setAcc({ ...acc, kind: e.target.value as AccountKind })}
            >
              {ACCOUNT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ACCOUNT_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Bank or network">
            <Input
              value={acc.institution}
              onChange={(e) => setAcc({ ...acc, institution: e.target.value })}
            />
          </Field>
          <Field label="Account (last digits)">
            <Input
              value={acc.account_number}
              onChange={(e) => setAcc({ ...acc, account_number: e.target.value })}
            />
          </Field>
          <Button
            type="submit"
            size="sm"
            className="self-end"
            disabled={acc.name.trim().length < 2 || addAccount.isPending}
          >
            Add account
          </Button>
        </form>
      </section>
      <section aria-labelledby="rem-h" className="flex flex-col gap-3">
        <h2 id="rem-h" className="font-semibold">
          Overdue reminders
        </h2>
        <Field
          label="Days from the due date"
          description="E.g. −3, 1, 7: three days before, a day after and a week after. Each is sent once per invoice."
          error={bad ? "Whole days from −60 to 120, at most ten" : undefined}
        >
          <Input value={shown} onChange={(e) => setText(e.target.value)} />
        </Field>
        <Button
          size="sm"
          className="self-start"
          disabled={bad || saveOffsets.isPending}
          onClick={() => saveOffsets.mutate([...new Set(parsed)].sort((a, b) => a - b))}
        >
          Save reminder days
        </Button>
      </section>
    </div>
  );
}
