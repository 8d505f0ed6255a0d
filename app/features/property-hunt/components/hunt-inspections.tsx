/**
 * A hunt's inspections and photos: the visits (date, condition, what was seen) newest first, a
 * form to record one, and the photos — taken straight from a phone's camera (`capture`), several
 * at once, scaled down in the browser, each with a progress bar; the wrong type refused before
 * sending. Photos live in the private hunt-photos bucket and show through short-lived signed URLs.
 */
import { CameraIcon, Trash2Icon } from "lucide-react";
import { useId, useState, type ChangeEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { fileProblem } from "#core/records/file-rules.ts";
import {
  HUNT_PHOTO_RULES,
  INSPECTION_CONDITION_LABELS,
  INSPECTION_CONDITIONS,
  inspectionFormSchema,
  type InspectionFormInput,
} from "#core/property-hunt/hunt-schema.ts";
import { RecordForm } from "#app/components/records/record-form.tsx";
import { errorOf, useRecordForm } from "#app/components/records/hooks/use-record-form.ts";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useFormatters } from "#app/lib/format.ts";
import { useMemberName } from "#app/lib/team-members-queries.ts";
import { uploadHuntPhoto } from "../api/hunt-photos-api.ts";
import { addInspection } from "../api/hunts-api.ts";
import { useHuntChanged, useHuntPhotos, useInspections } from "../hooks/hunt-queries.ts";
import { useRemoveHuntPhoto } from "../hooks/hunt-mutations.ts";

const today = () => new Date().toISOString().slice(0, 10);

export function HuntInspections({ huntId, readOnly }: { huntId: string; readOnly: boolean }) {
  const inspections = useInspections(huntId);
  const fmt = useFormatters();
  const memberName = useMemberName();
  const changed = useHuntChanged();
  const [adding, setAdding] = useState(false);
  const rf = useRecordForm({
    schema: inspectionFormSchema,
    values: { inspected_on: today(), condition: "", notes: "" } satisfies InspectionFormInput,
    version: null,
    save: async (values) => {
      const row = await addInspection(huntId, values);
      return { ...row, updated_at: row.created_at };
    },
    onSaved: () => {
      toast.success("Inspection recorded");
      setAdding(false);
      rf.form.reset({ inspected_on: today(), condition: "", notes: "" });
      changed(huntId);
    },
    fieldLabels: { inspected_on: "Date of the visit", condition: "Condition", notes: "What you saw" },
  });
  const { register, formState } = rf.form;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="inspections-heading" className="flex flex-col gap-3">
        <div className="flex items-center gap-3">
          <h2 id="inspections-heading" className="text-lg font-semibold">
            Inspections
          </h2>
          {!readOnly && !adding && (
            <Button size="sm" variant="outline" className="ml-auto" onClick={() => setAdding(true)}>
              Record an inspection
            </Button>
          )}
        </div>
        {adding && (
          <RecordForm
            state={rf}
            label="New inspection"
            submitLabel="Save inspection"
            onCancel={() => setAdding(false)}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Date of the visit" error={errorOf(formState.errors, "inspected_on")} required>
                <Input type="date" {...register("inspected_on")} />
              </Field>
              <Field label="Condition" error={errorOf(formState.errors, "condition")}>
                <NativeSelect {...register("condition")}>
                  <option value="">Not rated</option>
                  {INSPECTION_CONDITIONS.map((c) => (
                    <option key={c} value={c}>
                      {INSPECTION_CONDITION_LABELS[c]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <Field label="What you saw" error={errorOf(formState.errors, "notes")} required>
              <Textarea rows={4} {...register("notes")} />
            </Field>
          </RecordForm>
        )}
        {inspections.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : inspections.isError ? (
          <Alert variant="destructive">
            Could not load the inspections: {describeDbError(inspections.error).message}
          </Alert>
        ) : inspections.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No inspection yet. A hunt moves to Inspected once a visit is recorded.
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Inspections">
            {inspections.data.map((i) => (
              <li key={i.id} className="rounded-lg border bg-background p-4 text-sm">
                <p className="font-medium">
                  {fmt.date(i.inspected_on)}
                  {i.condition && ` · ${INSPECTION_CONDITION_LABELS[i.condition]}`}
                  <span className="font-normal text-muted-foreground"> · {memberName(i.inspected_by)}</span>
                </p>
                <p className="mt-1 whitespace-pre-line">{i.notes}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <HuntPhotos huntId={huntId} readOnly={readOnly} />
    </div>
  );
}

interface Upload {
  key: string;
  name: string;
  percent: number;
}

function HuntPhotos({ huntId, readOnly }: { huntId: string; readOnly: boolean }) {
  const photos = useHuntPhotos(huntId);
  const changed = useHuntChanged();
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const remove = useRemoveHuntPhoto({
    onSettled: () => changed(huntId),
  });

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = "";
    const problems = files
      .map((f) => fileProblem(f, HUNT_PHOTO_RULES))
      .filter((p): p is string => p !== null);
    setRefused(problems);
    const ok = files.filter((f) => fileProblem(f, HUNT_PHOTO_RULES) === null);
    let position = photos.data?.length ?? 0;
    let failed = 0;
    // One at a time: a phone on a mobile connection does better with one upload than with five.
    for (const file of ok) {
      const key = crypto.randomUUID();
      setUploads((u) => [...u, { key, name: file.name, percent: 0 }]);
      try {
        await uploadHuntPhoto(huntId, file, {
          position: position++,
          onProgress: (p) =>
            setUploads((u) =>
              u.map((x) =>
                x.key === key ? { ...x, percent: p.total ? Math.round((p.loaded / p.total) * 100) : 0 } : x,
              ),
            ),
        });
      } catch (err) {
        failed++;
        setRefused((r) => [...r, `${file.name}: ${describeDbError(err).message}`]);
      } finally {
        setUploads((u) => u.filter((x) => x.key !== key));
      }
    }
    if (ok.length - failed > 0)
      toast.success(ok.length - failed === 1 ? "Photo added" : `${ok.length - failed} photos added`);
    changed(huntId);
  };

  return (
    <section aria-labelledby="photos-heading" className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <h2 id="photos-heading" className="text-lg font-semibold">
          Photos
        </h2>
        {!readOnly && (
          <>
            <Button size="sm" variant="outline" className="ml-auto" asChild>
              <label htmlFor={inputId} className="cursor-pointer">
                <CameraIcon aria-hidden="true" />
                Add photos
              </label>
            </Button>
            {/* `capture` opens the camera on a phone; a computer shows its file picker. */}
            <input
              id={inputId}
              type="file"
              multiple
              accept={Object.keys(HUNT_PHOTO_RULES.types).join(",")}
              capture="environment"
              className="sr-only"
              aria-label="Photos from the inspection"
              onChange={(e) => void onFiles(e)}
            />
          </>
        )}
      </div>
      {refused.map((r) => (
        <Alert key={r} variant="destructive" data-testid="photo-refused">
          {r}
        </Alert>
      ))}
      {uploads.map((u) => (
        <div key={u.key} className="flex items-center gap-3 text-sm">
          <span className="w-48 truncate">{u.name}</span>
          <Progress value={u.percent} aria-label={`Uploading ${u.name}`} className="flex-1" />
        </div>
      ))}
      {photos.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : photos.isError ? (
        <Alert variant="destructive">
          Could not load the photos: {describeDbError(photos.error).message}
        </Alert>
      ) : photos.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No photos yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos">
          {photos.data.map((p, i) => (
            <li key={p.id} className="flex flex-col gap-1">
              {p.url ? (
                <img
                  src={p.url}
                  alt={p.caption ?? `Inspection photo ${i + 1}`}
                  className="aspect-[4/3] w-full rounded-md border object-cover"
                  loading="lazy"
                />
              ) : (
                <div className="aspect-[4/3] w-full rounded-md border bg-muted" />
              )}
              {!readOnly && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-start"
                  onClick={() => remove.mutate(p)}
                  disabled={remove.isPending}
                >
                  <Trash2Icon aria-hidden="true" />
                  Remove<span className="sr-only"> photo {i + 1}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
