/**
 * Settings → Organisation (admins): record-level access per module. "Own" — staff see the
 * records they own or are assigned; "Branch" — those of anyone in their branch; "All" — every
 * record. RLS enforces all three (private.access_scope); this screen only sets module_access.mode.
 */
import { toast } from "#app/lib/toast.ts";
import { ACCESS_MODE_LABELS, ACCESS_MODES, type ModuleAccessRow } from "#core/schemas/module-access.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useModuleAccess } from "#app/lib/module-access-queries.ts";
import { useSaveModuleAccess } from "./hooks/settings-queries.ts";

const SAVED: Record<ModuleAccessRow["mode"], string> = {
  all: "Every staff member now sees all records of this module",
  branch: "Staff now see the records of everyone in their branch",
  own: "Staff now see only their own and assigned records",
};

export function OrganisationSection() {
  const modes = useModuleAccess();
  const save = useSaveModuleAccess();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organisation: who sees which records</CardTitle>
        <CardDescription>
          Admins always see everything. Per module, staff see the records they own or are assigned to, those
          of everyone in their branch (Settings → Team sets branches), or every record of the module.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {modes.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
        {modes.isError && (
          <p className="text-sm text-destructive">
            Could not load the access modes: {(modes.error as Error).message}
          </p>
        )}
        <ul className="divide-y" aria-label="Access per module">
          {modes.data?.map((m) => {
            const id = `access-${m.module}`;
            return (
              <li key={m.module} className="flex items-center justify-between gap-4 py-3">
                <label htmlFor={id} className="flex flex-col text-sm">
                  <span className="font-medium">{m.label}</span>
                  <span className="text-muted-foreground">
                    Staff see: {ACCESS_MODE_LABELS[m.mode].toLowerCase()}
                  </span>
                </label>
                <NativeSelect
                  id={id}
                  className="w-auto"
                  value={m.mode}
                  disabled={save.isPending}
                  onChange={(e) => {
                    const mode = e.target.value as ModuleAccessRow["mode"];
                    save.mutate({ module: m.module, mode }, { onSuccess: () => toast.success(SAVED[mode]) });
                  }}
                >
                  {ACCESS_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {{ own: "Own", branch: "Branch", all: "All" }[mode]}
                    </option>
                  ))}
                </NativeSelect>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
