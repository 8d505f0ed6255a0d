/**
 * A member's role and branch, and their deactivation with hand-over: the counts of their open
 * records per module first, then the colleague who takes them over (one transaction at the
 * edge). A member changed meanwhile is refused with a message, never overwritten.
 */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { displayName } from "#core/profile-names.ts";
import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamMember, type TeamRole } from "#core/team/team-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { TeamError, type Branch } from "../api/team-api.ts";
import { useDeactivateMember, useOpenRecordCounts, useUpdateMember } from "../hooks/team-queries.ts";

const memberName = (m: TeamMember) => displayName(m, m.email);

export function EditMemberDialog({
  member,
  branches,
  onClose,
}: {
  member: TeamMember;
  branches: Branch[];
  onClose: () => void;
}) {
  const [role, setRole] = useState(member.role ?? "");
  const [branchId, setBranchId] = useState(member.branch_id ?? "");
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const save = useUpdateMember();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      {
        userId: member.user_id,
        update: {
          role: (role || null) as TeamRole | null,
          branchId: branchId || null,
          expectedUpdatedAt: member.updated_at,
        },
      },
      {
        onSuccess: () => {
          toast.success(`${memberName(member)} saved`);
          onClose();
        },
        onError: (err) =>
          setError({ field: err instanceof TeamError ? err.field : undefined, message: err.message }),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{memberName(member)}</DialogTitle>
          <DialogDescription>
            Role and branch. "None" removes back-office access but keeps the account.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <Field label="Role" error={error?.field === "role" ? error.message : undefined}>
            <NativeSelect value={role} onChange={(e) => setRole(e.target.value)}>
              {TEAM_ROLES.map((r) => (
                <option key={r} value={r}>
                  {TEAM_ROLE_LABELS[r]}
                </option>
              ))}
              <option value="">None</option>
            </NativeSelect>
          </Field>
          <Field label="Branch" error={error?.field === "branchId" ? error.message : undefined}>
            <NativeSelect value={branchId} onChange={(e) => setBranchId(e.target.value)}>
              <option value="">No branch</option>
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {error && error.field !== "role" && error.field !== "branchId" && (
            <p role="alert" className="text-sm text-destructive">
              {error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DeactivateDialog({
  member,
  colleagues,
  onClose,
}: {
  member: TeamMember;
  colleagues: TeamMember[];
  onClose: () => void;
}) {
  const counts = useOpenRecordCounts(member.user_id);
  const total = counts.data?.reduce((s, c) => s + c.count, 0) ?? 0;
  const [handTo, setHandTo] = useState("");
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const run = useDeactivateMember();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (total > 0 && !handTo) {
      setError({ field: "handTo", message: "Choose who takes over the open records" });
      return;
    }
    setError(null);
    run.mutate(
      { userId: member.user_id, request: { handTo: handTo || null, expectedUpdatedAt: member.updated_at } },
      {
        onSuccess: (r) => {
          const moved = r.moved.reduce((s, m) => s + m.moved, 0);
          toast.success(
            `${memberName(member)} is deactivated${moved ? `; ${moved} records handed over` : ""}; ${r.sessionsEnded} sessions ended`,
          );
          onClose();
        },
        onError: (err) =>
          setError({ field: err instanceof TeamError ? err.field : undefined, message: err.message }),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deactivate {memberName(member)}</DialogTitle>
          <DialogDescription>
            Their access ends at once: every session is signed out and sign-in is refused. Nothing is deleted;
            history keeps their name. You can reactivate them later.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <section aria-label="Open records">
            <h3 className="mb-2 text-sm font-medium">Open records</h3>
            {counts.isPending && <p className="text-sm text-muted-foreground">Counting…</p>}
            {counts.isError && (
              <p className="text-sm text-destructive">Could not count: {counts.error.message}</p>
            )}
            {counts.data && (
              <ul className="grid grid-cols-2 gap-1 text-sm">
                {counts.data.map((c) => (
                  <li key={c.module}>
                    {c.module}: <span className="font-medium tabular-nums">{c.count}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Field
            label="Hand the open records over to"
            error={error?.field === "handTo" ? error.message : undefined}
          >
            <NativeSelect value={handTo} onChange={(e) => setHandTo(e.target.value)}>
              <option value="">{total > 0 ? "Choose a colleague" : "Nobody (nothing open)"}</option>
              {colleagues.map((c) => (
                <option key={c.user_id} value={c.user_id}>
                  {memberName(c)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {error && error.field !== "handTo" && (
            <p role="alert" className="text-sm text-destructive">
              {error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" variant="destructive" disabled={run.isPending || counts.isPending}>
              {run.isPending ? "Deactivating…" : "Deactivate"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
