/**
 * Staff actions on a consultation or viewing: confirm or decline a request,
 * and move it to another free time — of the same host when free, else with a colleague who is.
 * The visitor is told by e-mail (the database queues the notice, the mail job renders it with a
 * new .ics and a new manage link). The host's calendar lock refuses a clash in the database.
 */
import { CalendarClockIcon, CheckIcon, XIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "#app/lib/toast.ts";
import { accraDate, accraTime, slotsByDay } from "#core/inbox/availability.ts";
import type { AppointmentInbox } from "#core/inbox/inbox-model.ts";
import type { InboxRow } from "#core/inbox/inbox-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { cn } from "#app/lib/utils.ts";
import { useUpdateInboxRecord } from "../hooks/inbox-queries.ts";
import { useStaffSlots } from "../hooks/slot-queries.ts";

export function AppointmentActions({ inbox, row }: { inbox: AppointmentInbox; row: InboxRow }) {
  const update = useUpdateInboxRecord(inbox);
  const active = row.status === "requested" || row.status === "confirmed";
  const save = (patch: { status?: string; starts_at?: string; assignee_id?: string | null }, done: string) =>
    update.mutate(
      { id: row.id, version: row.updated_at, patch },
      { onSuccess: () => toast.success(done, { description: "The visitor is told by e-mail." }) },
    );
  return (
    <>
      {row.status === "requested" && (
        <>
          <Button
            size="sm"
            variant="default"
            disabled={update.isPending}
            onClick={() => save({ status: "confirmed" }, "Confirmed")}
          >
            <CheckIcon aria-hidden="true" />
            Confirm
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={update.isPending}
            onClick={() => save({ status: "declined" }, "Declined")}
          >
            <XIcon aria-hidden="true" />
            Decline
          </Button>
        </>
      )}
      {active && (
        <RescheduleDialog
          inbox={inbox}
          row={row}
          onPick={(starts_at, assignee_id) =>
            save({ starts_at, ...(assignee_id !== row.assignee_id ? { assignee_id } : {}) }, "Moved")
          }
        />
      )}
    </>
  );
}

function RescheduleDialog({
  inbox,
  row,
  onPick,
}: {
  inbox: AppointmentInbox;
  row: InboxRow;
  onPick: (startsAt: string, hostId: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <CalendarClockIcon aria-hidden="true" />
          Reschedule
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        {open && (
          <SlotChooser
            inbox={inbox}
            row={row}
            onCancel={() => setOpen(false)}
            onPick={(s, h) => {
              setOpen(false);
              onPick(s, h);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SlotChooser({
  inbox,
  row,
  onPick,
  onCancel,
}: {
  inbox: AppointmentInbox;
  row: InboxRow;
  onPick: (startsAt: string, hostId: string | null) => void;
  onCancel: () => void;
}) {
  const slots = useStaffSlots(inbox, row.id);
  const memberName = useMemberName();
  const fmt = useFormatters();
  const days = useMemo(
    () => slotsByDay((slots.data ?? []).map((s) => ({ ...s, start: s.starts_at }))),
    [slots.data],
  );
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ start: string; host: string | null } | null>(null);
  const current = day ?? days[0]?.date ?? null;
  const times = days.find((d) => d.date === current)?.slots ?? [];
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Move to another free time</DialogTitle>
        <DialogDescription>
          Now {row.starts_at ? fmt.dateTime(row.starts_at) : "—"}. Free times of the next two weeks (Accra);
          the host stays when they are free.
        </DialogDescription>
      </DialogHeader>
      {slots.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : days.length === 0 ? (
        <p className="text-sm text-muted-foreground">No free times in the next two weeks.</p>
      ) : (
        <>
          <div role="group" aria-label="Day" className="flex gap-1.5 overflow-x-auto pb-1">
            {days.map((d) => (
              <Button
                key={d.date}
                size="sm"
                variant={d.date === current ? "default" : "outline"}
                aria-pressed={d.date === current}
                onClick={() => setDay(d.date)}
              >
                {fmt.date(`${d.date}T12:00:00Z`)}
              </Button>
            ))}
          </div>
          <div role="group" aria-label="Time" className="grid grid-cols-4 gap-1.5 sm:grid-cols-6">
            {times.map((s) => {
              const host = s.host_ids.includes(row.assignee_id ?? "")
                ? row.assignee_id
                : (s.host_ids[0] ?? null);
              const picked = chosen?.start === s.starts_at;
              return (
                <Button
                  key={s.starts_at}
                  size="sm"
                  variant="outline"
                  aria-pressed={picked}
                  className={cn(picked && "border-primary bg-accent")}
                  title={host && host !== row.assignee_id ? `With ${memberName(host)}` : undefined}
                  onClick={() => setChosen({ start: s.starts_at, host })}
                >
                  {accraTime(Date.parse(s.starts_at))}
                </Button>
              );
            })}
          </div>
          {chosen && (
            <p className="text-sm" role="status">
              {fmt.date(`${accraDate(Date.parse(chosen.start))}T12:00:00Z`)} at{" "}
              {accraTime(Date.parse(chosen.start))}
              {chosen.host !== row.assignee_id ? ` with ${memberName(chosen.host)}` : ""}
            </p>
          )}
        </>
      )}
      <DialogFooter>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={!chosen} onClick={() => chosen && onPick(chosen.start, chosen.host)}>
          Move appointment
        </Button>
      </DialogFooter>
    </div>
  );
}
