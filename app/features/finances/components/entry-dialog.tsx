/**
 * Recording an income or expense entry with its receipts (PDF or photo, private bucket). Staff's
 * entries wait for an admin's approval; an admin may approve at once. VAT included in an expense
 * is input VAT (the report's "VAT paid").
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "#app/lib/toast.ts";
import { CURRENCIES } from "#core/content-model.ts";
import { todayInAccra } from "#core/form-fields.ts";
import {
  entryFormSchema,
  FINANCE_RECEIPT_RULES,
  type EntryFormInput,
  type EntryFormOutput,
} from "#core/finances/finances.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import { errorOf } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useSession } from "#app/lib/session.tsx";
import { useCreateEntry } from "../hooks/finance-mutations.ts";
import { useFinanceAccounts, useFinanceCategories } from "../hooks/finance-queries.ts";

export function EntryDialog({ onClose }: { onClose: () => void }) {
  const { user, role } = useSession();
  const admin = role === "admin";
  const accounts = useFinanceAccounts();
  const categories = useFinanceCategories();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [approveNow, setApproveNow] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EntryFormInput, unknown, EntryFormOutput>({
    resolver: zodResolver(entryFormSchema),
    defaultValues: {
      kind: "expense",
      entry_date: todayInAccra(),
      amount: "",
      currency: "GHS",
      vat_amount: "",
      category_id: "",
      account_id: "",
      description: "",
      counterparty: "",
      reference: "",
    },
  });
  const errors = form.formState.errors;
  const kind = useWatch({ control: form.control, name: "kind" });
  const save = useCreateEntry(
    { userId: user?.id, files, approve: admin && approveNow },
    {
      onSuccess: (entry) => {
        toast.success(
          entry.status === "pending" ? "Entry recorded: it waits for an admin's approval" : "Entry recorded",
        );
        onClose();
      },
      onError: (err) => setFormError(describeDbError(err).message),
    },
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Record an entry</DialogTitle>
          <DialogDescription>
            {admin
              ? "Your entries can be approved at once."
              : "An admin approves it before it counts in the reports."}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-label="Record an entry"
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((v) => (setFormError(null), save.mutate(v)))}
        >
          {formError && (
            <Alert variant="destructive" className="sm:col-span-2">
              {formError}
            </Alert>
          )}
          <Field label="Income or expense" error={errorOf(errors, "kind")} required>
            <NativeSelect {...form.register("kind")}>
              <option value="expense">Expense</option>
              <option value="income">Income</option>
            </NativeSelect>
          </Field>
          <Field label="Date" error={errorOf(errors, "entry_date")} required>
            <Input type="date" max={todayInAccra()} {...form.register("entry_date")} />
          </Field>
          <Field label="Category" error={errorOf(errors, "category_id")} required>
            <NativeSelect {...form.register("category_id")}>
              <option value="">Choose…</option>
              {(categories.data ?? [])
                .filter((c) => c.kind === kind && !c.is_system && c.is_active)
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </NativeSelect>
          </Field>
          <Field
            label="Account"
            error={errorOf(errors, "account_id")}
            description="Client money goes to the trust account (Act 1047)."
          >
            <NativeSelect {...form.register("account_id")}>
              <option value="">Not said</option>
              {(accounts.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Amount" error={errorOf(errors, "amount")} required>
            <Input inputMode="decimal" {...form.register("amount")} />
          </Field>
          <Field label="Currency" error={errorOf(errors, "currency")}>
            <NativeSelect {...form.register("currency")}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            label="VAT included"
            error={errorOf(errors, "vat_amount")}
            description="Input VAT on the bill, if any."
          >
            <Input inputMode="decimal" {...form.register("vat_amount")} />
          </Field>
          <Field label="Paid to / received from" error={errorOf(errors, "counterparty")}>
            <Input {...form.register("counterparty")} />
          </Field>
          <Field
            label="Description"
            error={errorOf(errors, "description")}
            className="sm:col-span-2"
            required
          >
            <Input {...form.register("description")} />
          </Field>
          <Field label="Reference" error={errorOf(errors, "reference")}>
            <Input {...form.register("reference")} />
          </Field>
          <Field
            label="Receipts"
            error={fileError ?? undefined}
            description="PDF, JPEG, PNG or WebP, up to 10 MB each."
          >
            <Input
              type="file"
              multiple
              accept={Object.keys(FINANCE_RECEIPT_RULES.types).join(",")}
              onChange={(e) => {
                const chosen = [...(e.target.files ?? [])];
                const problem =
                  chosen.map((f) => fileProblem(f, FINANCE_RECEIPT_RULES)).find(Boolean) ?? null;
                setFileError(problem);
                setFiles(problem ? [] : chosen);
              }}
            />
          </Field>
          {admin && (
            <Field label="Approve it now" orientation="horizontal" className="sm:col-span-2">
              {(c) => (
                <Checkbox {...c} checked={approveNow} onCheckedChange={(v) => setApproveNow(v === true)} />
              )}
            </Field>
          )}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || !!fileError}>
              {save.isPending ? "Saving…" : "Record"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
