/**
 * Invite a member: name, e-mail, role and branch. The edge checks the address (not oneself, no
 * pending invitation, no account yet) and mails a link valid 7 days. An address that has an
 * account already is offered a role instead.
 */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { inviteRequestSchema, TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from "#core/team/team-schema.ts";
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
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { TeamError, type Branch } from "../api/team-api.ts";
import { useInviteMember, useUpdateMember } from "../hooks/team-queries.ts";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  branches: Branch[];
}

export function InviteDialog({ open, onOpenChange, branches }: Props) {
  const [values, setValues] = useState({
    firstName: "",
    lastName: "",
    email: "",
    role: "staff",
    branchId: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [existing, setExisting] = useState<{ userId: string; updatedAt: string } | null>(null);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const invite = useInviteMember();
  const update = useUpdateMember();
  const grant = (account: { userId: string; updatedAt: string }) =>
    update.mutate(
      {
        userId: account.userId,
        update: {
          role: values.role as TeamRole,
          branchId: values.branchId || null,
          expectedUpdatedAt: account.updatedAt,
        },
      },
      {
        onSuccess: () => {
          toast.success(`${values.email} is now ${values.role}`);
          setExisting(null);
          onOpenChange(false);
        },
        onError: (err) => setErrors({ _form: err.message }),
      },
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setExisting(null);
    const parsed = inviteRequestSchema.safeParse({ ...values, branchId: values.branchId || null });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (r) => {
        toast.success(
          `Invitation sent to ${values.email}; the link works until ${new Date(r.expiresAt).toLocaleDateString("en-GB")}`,
        );
        onOpenChange(false);
        setValues({ firstName: "", lastName: "", email: "", role: "staff", branchId: "" });
      },
      onError: (err) => {
        if (err instanceof TeamError && err.code === "account_exists" && err.userId && err.updatedAt)
          setExisting({ userId: err.userId, updatedAt: err.updatedAt });
        setErrors({ [err instanceof TeamError && err.field ? err.field : "_form"]: err.message });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a team member</DialogTitle>
          <DialogDescription>
            They receive a mail with a link to set their password, valid for 7 days.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" error={errors.firstName} required>
              <Input value={values.firstName} onChange={set("firstName")} autoComplete="off" />
            </Field>
            <Field label="Last name" error={errors.lastName} required>
              <Input value={values.lastName} onChange={set("lastName")} autoComplete="off" />
            </Field>
          </div>
          <Field label="E-mail" error={errors.email} required>
            <Input type="email" value={values.email} onChange={set("email")} autoComplete="off" />
          </Field>
          {existing && (
            <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <p>This address has an account already. Grant it the {values.role} role instead?</p>
              <Button
                type="button"
                size="sm"
                className="mt-2"
                disabled={update.isPending}
                onClick={() => grant(existing)}
              >
                Grant the role
              </Button>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Role" error={errors.role} required>
              <NativeSelect value={values.role} onChange={set("role")}>
                {TEAM_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {TEAM_ROLE_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Branch" error={errors.branchId}>
              <NativeSelect value={values.branchId} onChange={set("branchId")}>
                <option value="">No branch</option>
                {branches.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          {errors._form && (
            <p role="alert" className="text-sm text-destructive">
              {errors._form}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? "Sending…" : "Send invitation"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
