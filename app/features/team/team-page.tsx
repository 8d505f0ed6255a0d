/**
 * /settings/team (admins): every member with role, branch, e-mail, phone, status, two-factor,
 * last sign-in and open records; search and filters; invitations pending with resend / revoke;
 * role and branch changes, deactivation with hand-over, reactivation, forced sign-out; branches.
 * /settings/team/invite opens the invitation form.
 */
import { useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { displayName } from "#core/profile-names.ts";
import {
  lacksRequiredFactor,
  MEMBER_STATUS_LABELS,
  memberStatus,
  type MemberStatus,
  type TeamMember,
} from "#core/team/team-schema.ts";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { useSession } from "#app/lib/session.tsx";
import { BranchesCard } from "./components/branches-card.tsx";
import { TwoFactorPolicyCard } from "./components/two-factor-policy-card.tsx";
import { InviteDialog } from "./components/invite-dialog.tsx";
import { DeactivateDialog, EditMemberDialog } from "./components/member-dialogs.tsx";
import { useBranches, useInvitations, useMemberAction, useMembers } from "./hooks/team-queries.ts";
import { PrimaryAction } from "#app/components/records/primary-action.tsx";

const STATUS_TONE: Record<MemberStatus, BadgeTone> = {
  invited: "info",
  active: "success",
  deactivated: "muted",
};

export default function TeamPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const inviting = useLocation().pathname.endsWith("/invite");
  const members = useMembers();
  const branches = useBranches();
  const invitations = useInvitations();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const [role, setRole] = useState("");
  const [branch, setBranch] = useState("");
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [leaving, setLeaving] = useState<TeamMember | null>(null);

  const branchName = (id: string | null) => branches.data?.find((b) => b.id === id)?.name ?? "—";
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (members.data ?? []).filter(
      (m) =>
        (!needle ||
          `${m.first_name ?? ""} ${m.last_name ?? ""} ${m.email ?? ""} ${m.phone ?? ""}`
            .toLowerCase()
            .includes(needle)) &&
        (!status || memberStatus(m) === status) &&
        (!role || m.role === role) &&
        (!branch || m.branch_id === branch),
    );
  }, [members.data, q, status, role, branch]);

  const act = useMemberAction();
  const active = (members.data ?? []).filter((m) => !m.deactivated_at);
  const notCompliant = active.filter(lacksRequiredFactor);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Team &amp; users</h1>
          <p className="text-muted-foreground">Members, roles, branches and invitations.</p>
        </div>
        <PrimaryAction onClick={() => void navigate("/settings/team/invite")}>Invite a member</PrimaryAction>
      </div>

      {notCompliant.length > 0 && (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Not yet compliant with the two-factor policy:{" "}
          {notCompliant.map((m) => displayName(m, m.email)).join(", ")}
        </p>
      )}

      <div className="flex flex-wrap gap-2" role="search" aria-label="Filter members">
        <Input
          className="max-w-xs"
          aria-label="Search members"
          placeholder="Search name, e-mail, phone"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <NativeSelect
          className="w-auto"
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="">Any status</option>
          {Object.entries(MEMBER_STATUS_LABELS).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          className="w-auto"
          aria-label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
        >
          <option value="">Any role</option>
          <option value="admin">Admin</option>
          <option value="staff">Staff</option>
        </NativeSelect>
        <NativeSelect
          className="w-auto"
          aria-label="Branch"
          value={branch}
          onChange={(e) => setBranch(e.target.value)}
        >
          <option value="">Any branch</option>
          {branches.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </NativeSelect>
      </div>

      {members.isPending && <p className="text-sm text-muted-foreground">Loading the team…</p>}
      {members.isError && (
        <p className="text-sm text-destructive">Could not load the team: {members.error.message}</p>
      )}
      {members.data && (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Team members" stacked>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Branch</TableHead>
                <TableHead>E-mail</TableHead>
                <TableHead>Phone</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Two-factor</TableHead>
                <TableHead>Last sign-in</TableHead>
                <TableHead className="text-right">Open records</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={10} className="text-center text-muted-foreground">
                    No member matches.
                  </TableCell>
                </TableRow>
              )}
              {shown.map((m) => {
                const s = memberStatus(m);
                const name = displayName(m, m.email);
                return (
                  <TableRow key={m.user_id}>
                    <TableCell data-label="" className="font-medium">
                      {name}
                    </TableCell>
                    <TableCell data-label="Role" className="capitalize">
                      {m.role ?? "—"}
                    </TableCell>
                    <TableCell data-label="Branch">{branchName(m.branch_id)}</TableCell>
                    <TableCell data-label="E-mail">{m.email ?? "—"}</TableCell>
                    <TableCell data-label="Phone">{m.phone ?? "—"}</TableCell>
                    <TableCell data-label="Status">
                      <Badge tone={STATUS_TONE[s]}>{MEMBER_STATUS_LABELS[s]}</Badge>
                    </TableCell>
                    <TableCell data-label="Two-factor">
                      {m.two_factor ? (
                        "On"
                      ) : lacksRequiredFactor(m) ? (
                        <Badge tone="warning">Off — required</Badge>
                      ) : (
                        "Off"
                      )}
                    </TableCell>
                    <TableCell data-label="Last sign-in">
                      {m.last_sign_in_at ? formatDateTime(m.last_sign_in_at) : "Never"}
                    </TableCell>
                    <TableCell data-label="Open records" className="text-right tabular-nums">
                      {m.open_records}
                    </TableCell>
                    <TableCell data-label="">
                      <div className="flex flex-wrap justify-end gap-1">
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Edit ${name}`}
                          onClick={() => setEditing(m)}
                        >
                          Edit
                        </Button>
                        {m.deactivated_at ? (
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Reactivate ${name}`}
                            onClick={() => act.mutate({ kind: "reactivate", id: m.user_id })}
                          >
                            Reactivate
                          </Button>
                        ) : (
                          <>
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Sign out ${name} everywhere`}
                              onClick={() => act.mutate({ kind: "sign-out", id: m.user_id })}
                            >
                              Sign out
                            </Button>
                            {m.user_id !== user?.id && (
                              <Button
                                size="sm"
                                variant="outline"
                                aria-label={`Deactivate ${name}`}
                                onClick={() => setLeaving(m)}
                              >
                                Deactivate
                              </Button>
                            )}
                          </>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Pending invitations</CardTitle>
        </CardHeader>
        <CardContent>
          {invitations.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No invitation is pending.</p>
          )}
          <ul className="divide-y" aria-label="Pending invitations">
            {invitations.data?.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {i.email} · {i.role} · link valid until {formatDateTime(i.expires_at)}
                </span>
                <span className="flex gap-1">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Resend the invitation to ${i.email}`}
                    onClick={() => act.mutate({ kind: "resend", id: i.id })}
                  >
                    Resend
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Revoke the invitation to ${i.email}`}
                    onClick={() => act.mutate({ kind: "revoke", id: i.id })}
                  >
                    Revoke
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <TwoFactorPolicyCard />
      <BranchesCard branches={branches.data ?? []} />

      <InviteDialog
        open={inviting}
        onOpenChange={(o) => void navigate(o ? "/settings/team/invite" : "/settings/team")}
        branches={branches.data ?? []}
      />
      {editing && (
        <EditMemberDialog member={editing} branches={branches.data ?? []} onClose={() => setEditing(null)} />
      )}
      {leaving && (
        <DeactivateDialog
          member={leaving}
          colleagues={active.filter((m) => m.user_id !== leaving.user_id && !!m.confirmed)}
          onClose={() => setLeaving(null)}
        />
      )}
    </div>
  );
}
