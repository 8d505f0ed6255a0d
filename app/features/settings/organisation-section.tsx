/**
 * Settings → Organisation (admins): record-level access per module. "Own" — staff see the
 * records they own or are assigned; "All" — every staff member sees every record. RLS enforces
 * both (private.access_scope); this screen only switches module_access.mode.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "#app/lib/toast.ts";
import type { ModuleAccessRow } from "#core/schemas/module-access.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { moduleAccessKey as key, useModuleAccess } from "#app/lib/module-access.ts";
import { supabase } from "#app/lib/supabase.ts";

export function OrganisationSection() {
  const queryClient = useQueryClient();
  const modes = useModuleAccess();
  const save = useMutation({
    mutationFn: async ({ module, mode }: Pick<ModuleAccessRow, "module" | "mode">) => {
      const { data, error } = await supabase
        .from("module_access")
        .update({ mode })
        .eq("module", module)
        .select("module");
      if (error) throw error;
      if (!data?.length) throw new Error("Only admins may change access modes");
    },
    onSuccess: (_d, v) =>
      toast.success(
        v.mode === "all"
          ? "Every staff member now sees all records of this module"
          : "Staff now see only their own and assigned records",
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organisation: who sees which records</CardTitle>
        <CardDescription>
          Admins always see everything. Per module, staff see either only the records they own or are assigned
          to, or every record of the module.
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
                    {m.mode === "all"
                      ? "All staff see every record"
                      : "Staff see their own and assigned records"}
                  </span>
                </label>
                <Switch
                  id={id}
                  checked={m.mode === "all"}
                  disabled={save.isPending}
                  onCheckedChange={(on) => save.mutate({ module: m.module, mode: on ? "all" : "own" })}
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
