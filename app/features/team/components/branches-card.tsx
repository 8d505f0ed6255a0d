/** The agency's branches, which admins add, rename and remove (RLS: admins write, staff read). */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { Branch } from "../api/team-api.ts";
import { useRemoveBranch, useSaveBranch } from "../hooks/team-queries.ts";

export function BranchesCard({ branches }: { branches: Branch[] }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const add = useSaveBranch();
  const remove = useRemoveBranch();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (n.length < 2 || n.length > 80) {
      setError("A branch name has 2 to 80 characters");
      return;
    }
    setError(undefined);
    add.mutate(
      { name: n },
      {
        onSuccess: () => {
          toast.success(`Branch ${n} added`);
          setName("");
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Branches</CardTitle>
        <CardDescription>
          With "branch" visibility, staff see the records of everyone in their branch.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="divide-y" aria-label="Branches">
          {branches.length === 0 && <li className="py-2 text-sm text-muted-foreground">No branches yet.</li>}
          {branches.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              {b.name}
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove branch ${b.name}`}
                onClick={() => remove.mutate(b.id)}
                disabled={remove.isPending}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <form onSubmit={submit} className="flex items-end gap-2" noValidate>
          <Field label="New branch" error={error} className="flex-1">
            <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Cape Coast" />
          </Field>
          <Button type="submit" disabled={add.isPending}>
            Add
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
