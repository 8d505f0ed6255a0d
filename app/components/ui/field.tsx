/**
 * One form field: label, the control, an optional description and the error message — wired
 * for assistive technology (the label names the control; the description and the error are
 * read with it through aria-describedby; aria-invalid marks it while the error shows).
 *
 *   <Field label="City" error={errors.city?.message} required>
 *     <Input {...register("city")} />
 *   </Field>
 *
 * The child element receives id / aria-* props (its own win). For a control that is not a
 * single element (a Radix Select), pass a function: `{(control) => <Select …><SelectTrigger {...control} /></Select>}`.
 */
import { Slot } from "radix-ui";
import { useId, type ReactElement, type ReactNode } from "react";
import { Label } from "./label.tsx";
import { cn } from "#app/lib/utils.ts";

export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

export interface FieldProps {
  label: ReactNode;
  description?: ReactNode;
  /** The message to show; a field is invalid while it has one. */
  error?: string;
  required?: boolean;
  /** `horizontal`: control first, label beside it (checkboxes, switches). */
  orientation?: "vertical" | "horizontal";
  /** The control's id (generated when absent). */
  id?: string;
  className?: string;
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
}

export function Field({
  label,
  description,
  error,
  required,
  orientation = "vertical",
  id,
  className,
  children,
}: FieldProps) {
  const auto = useId();
  const controlId = id ?? `field-${auto}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const control: FieldControlProps = {
    id: controlId,
    ...(describedBy && { "aria-describedby": describedBy }),
    ...(error && { "aria-invalid": true as const }),
    ...(required && { "aria-required": true as const }),
  };
  const rendered =
    typeof children === "function" ? children(control) : <Slot.Root {...control}>{children}</Slot.Root>;
  const labelNode = (
    <Label htmlFor={controlId} className={cn(orientation === "horizontal" && "font-normal")}>
      {label}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      )}
    </Label>
  );

  return (
    <div
      data-slot="field"
      data-invalid={error ? "true" : undefined}
      className={cn("flex flex-col gap-2", className)}
    >
      {orientation === "horizontal" ? (
        <div className="flex items-center gap-2">
          {rendered}
          {labelNode}
        </div>
      ) : (
        <>
          {labelNode}
          {rendered}
        </>
      )}
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A group of related controls (radio buttons, a set of checkboxes) under one legend. */
export function FieldSet({
  legend,
  description,
  error,
  className,
  children,
}: {
  legend: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const auto = useId();
  const descriptionId = description ? `fieldset-${auto}-description` : undefined;
  const errorId = error ? `fieldset-${auto}-error` : undefined;
  return (
    <fieldset
      data-slot="fieldset"
      aria-describedby={[descriptionId, errorId].filter(Boolean).join(" ") || undefined}
      aria-invalid={error ? true : undefined}
      className={cn("flex flex-col gap-3", className)}
    >
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {description && (
        <p id={descriptionId} className="-mt-2 text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {children}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
