/**
 * Who works a record: a select of the back-office team with "Unassigned". A native select (the
 * best keyboard and phone behaviour); the module saves the choice.
 */
import { useId } from "react";
import { displayName, type Profile } from "#core/schemas/profile.ts";
import { NativeSelect } from "#app/components/ui/native-select.tsx";

export function AssigneeSelect({
  value,
  members,
  onChange,
  label = "Assignee",
  disabled,
}: {
  value: string | null;
  members: readonly Profile[];
  onChange: (userId: string | null) => void;
  label?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {label}
      </label>
      <NativeSelect
        id={id}
        className="h-9 w-auto"
        value={value ?? ""}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">Unassigned</option>
        {value && !members.some((m) => m.user_id === value) && (
          <option value={value}>Former colleague</option>
        )}
        {members.map((m) => (
          <option key={m.user_id} value={m.user_id}>
            {displayName(m, m.email)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
