/**
 * Editing a pipeline's stages (admins; the database refuses everyone else): add a stage, rename
 * it, set its win probability, move the open stages up or down, archive a stage that holds no
 * open deal (the database refuses otherwise, and says why) or bring an archived one back. The
 * won and lost stages close the pipeline and are shown, not moved.
 */
import { ArrowDownIcon, ArrowUpIcon, Columns3Icon } from "lucide-react";
import { useState } from "react";
import type { Pipeline, Stage } from "#core/deals/deal-schema.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useAddStage, useReorderStages, useUpdateStage } from "../hooks/deal-settings-queries.ts";

/** A typed probability as a whole percentage 0–100, or null. */
function percent(v: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(v)) return null;
  const n = Number(v);
  return n <= 100 ? n : null;
}

export function StagesAdmin({ pipeline, stages }: { pipeline: Pipeline; stages: readonly Stage[] }) {
  const [name, setName] = useState("");
  const [probability, setProbability] = useState("10");
  const [error, setError] = useState<string | null>(null);
  const open = stages.filter((s) => s.outcome === "open").sort((a, b) => a.position - b.position);
  const closing = stages.filter((s) => s.outcome !== "open").sort((a, b) => a.position - b.position);

  const add = useAddStage(pipeline.id, () => setName(""));
  const change = useUpdateStage();
  const reorder = useReorderStages(pipeline.id);
  const move = (index: number, by: -1 | 1) => {
    const ids = open.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids);
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon aria-hidden="true" />
          Stages
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Stages of {pipeline.name}</DialogTitle>
          <DialogDescription>
            The board's columns, in order, with the chance a deal there is won. A stage with open deals is
            archived once they have moved on.
          </DialogDescription>
        </DialogHeader>
        <ol className="flex flex-col gap-2" aria-label="Open stages">
          {open.map((s, i) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2">
              <Input
                key={`${s.id}-${s.name}`}
                aria-label={`Name of ${s.name}`}
                className="min-w-40 flex-1"
                defaultValue={s.name}
                disabled={s.is_archived}
                onBlur={(e) => {
                  const v = e.target.value.trim();
                  if (v !== s.name && v.length >= 2 && v.length <= 60)
                    change.mutate({ id: s.id, patch: { name: v } });
                }}
              />
              <Input
                key={`${s.id}-p${s.probability}`}
                aria-label={`Win probability of ${s.name} (%)`}
                className="w-20"
                inputMode="numeric"
                defaultValue={String(s.probability)}
                disabled={s.is_archived}
                onBlur={(e) => {
                  const p = percent(e.target.value);
                  if (p === null) e.target.value = String(s.probability);
                  else if (p !== s.probability) change.mutate({ id: s.id, patch: { probability: p } });
                }}
              />
              <span aria-hidden="true" className="text-sm text-muted-foreground">
                %
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${s.name} up`}
                disabled={i === 0 || reorder.isPending}
                onClick={() => move(i, -1)}
              >
                <ArrowUpIcon aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${s.name} down`}
                disabled={i === open.length - 1 || reorder.isPending}
                onClick={() => move(i, 1)}
              >
                <ArrowDownIcon aria-hidden="true" />
              </Button>
              {s.is_archived && <Badge tone="muted">Archived</Badge>}
              <Button
                variant="ghost"
                size="sm"
                disabled={change.isPending}
                onClick={() => change.mutate({ id: s.id, patch: { is_archived: !s.is_archived } })}
              >
                {s.is_archived ? "Bring back" : "Archive"}
                <span className="sr-only"> {s.name}</span>
              </Button>
            </li>
          ))}
        </ol>
        <p className="text-sm text-muted-foreground">
          Then: {closing.map((s) => `${s.name} (${s.outcome}, ${s.probability}%)`).join(", ")}
        </p>
        <form
          aria-label="Add a stage"
          className="flex flex-wrap items-start gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const v = name.trim();
            if (v.length < 2 || v.length > 60) return setError("A stage name has 2 to 60 characters.");
            if (percent(probability) === null)
              return setError("The win probability is a whole number from 0 to 100.");
            if (stages.some((s) => !s.is_archived && s.name.toLowerCase() === v.toLowerCase()))
              return setError("The pipeline has a stage of that name already.");
            setError(null);
            add.mutate({ name: name.trim(), probability: percent(probability)! });
          }}
        >
          <div className="flex flex-1 flex-col gap-1">
            <Input
              aria-label="New stage"
              aria-invalid={error ? true : undefined}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Mortgage approval"
            />
            {error && <p className="text-sm text-destructive">{error}</p>}
          </div>
          <Input
            aria-label="Its win probability (%)"
            className="w-20"
            inputMode="numeric"
            value={probability}
            onChange={(e) => setProbability(e.target.value)}
          />
          <Button type="submit" disabled={add.isPending}>
            Add stage
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
