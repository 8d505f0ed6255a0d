/**
 * The organisation's two-factor policy: admins (on by default) and optionally all staff must
 * enrol a factor before any back-office work. The database applies it; this card only edits it.
 */
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { TwoFactorPolicy } from "#core/team/team-schema.ts";
import { useSaveTwoFactorPolicy, useTwoFactorPolicy } from "../hooks/team-queries.ts";

const POLICY_OPTIONS: ReadonlyArray<{ key: keyof TwoFactorPolicy; label: string }> = [
  { key: "admins", label: "Require two-factor for admins" },
  { key: "staff", label: "Require two-factor for all staff" },
];

export function TwoFactorPolicyCard() {
  const policy = useTwoFactorPolicy();
  const save = useSaveTwoFactorPolicy();
  const [draft, setDraft] = useState<TwoFactorPolicy | null>(null);
  useEffect(() => {
    if (policy.data) setDraft(policy.data);
  }, [policy.data]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft) save.mutate(draft);
  };
  const changed =
    !!draft && !!policy.data && (draft.admins !== policy.data.admins || draft.staff !== policy.data.staff);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor policy</CardTitle>
        <CardDescription>
          Members it covers must set up an authenticator app right after signing in; until then they reach no
          module and the database refuses their work.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <p className="text-sm text-muted-foreground">Loading the policy…</p>
        ) : policy.isError || !draft ? (
          <p className="text-sm text-destructive" role="alert">
            The policy could not be loaded.
          </p>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-3">
            {POLICY_OPTIONS.map(({ key, label }) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={draft[key]}
                  onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
                />
                {label}
              </label>
            ))}
            <div>
              <Button type="submit" size="sm" disabled={!changed || save.isPending}>
                {save.isPending ? "Saving…" : "Save policy"}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
