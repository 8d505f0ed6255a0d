/**
 * Lists and segments: a segment is a filter over contacts (stages, types, tags, sources, cities);
 * a static list has members chosen by hand among contacts who gave marketing consent (the
 * database refuses anyone else, Act 843). Each shows how many people it reaches now and how many
 * are held back by the suppression list.
 */
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import {
  CONTACT_SOURCES,
  CONTACT_STAGES,
  CONTACT_TYPES,
  segmentFilterSchema,
  type SegmentFilter,
} from "#core/email-marketing/merge.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table.tsx";
import { addListMember, createList, type EmailList } from "../api/email-marketing-api.ts";
import {
  useAudienceCounts,
  useConsentedContacts,
  useListMembers,
  useLists,
  useRefreshMarketing,
} from "../hooks/marketing-queries.ts";

const words = (s: string) =>
  s
    .split(/[,\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
const label = (s: string) => s.replace(/_/g, " ");

function Choices<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  value: T[];
  onChange: (v: T[]) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((o) => (
        <label key={o} className="flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            checked={value.includes(o)}
            onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((x) => x !== o))}
          />
          {label(o)}
        </label>
      ))}
    </fieldset>
  );
}

export function ListsTab() {
  const refresh = useRefreshMarketing();
  const lists = useLists();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<"segment" | "static">("segment");
  const [filter, setFilter] = useState<SegmentFilter>({
    stages: [],
    types: [],
    tags: [],
    sources: [],
    cities: [],
  });
  const [tags, setTags] = useState("");
  const [cities, setCities] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim().length < 2) return setError("Name the list (at least 2 characters)");
    const parsed = segmentFilterSchema.safeParse({ ...filter, tags: words(tags), cities: words(cities) });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    try {
      await createList({
        name: name.trim(),
        kind,
        filter:
          kind === "segment" ? parsed.data : { stages: [], types: [], tags: [], sources: [], cities: [] },
      });
      toast.success(`${kind === "segment" ? "Segment" : "List"} “${name.trim()}” created`);
      setName("");
      setTags("");
      setCities("");
      setFilter({ stages: [], types: [], tags: [], sources: [], cities: [] });
      setError(null);
      await refresh();
    } catch (err) {
      setError(describeDbError(err).message);
    }
  };

  return (
    <div className="flex flex-col gap-4 pt-3">
      <Table stacked aria-label="Lists and segments">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead>Who</TableHead>
            <TableHead className="text-right">Reaches</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(lists.data ?? []).map((l) => (
            <ListRow
              key={l.id}
              list={l}
              open={open === l.id}
              onToggle={() => setOpen(open === l.id ? null : l.id)}
            />
          ))}
          {lists.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="text-muted-foreground">
                No lists yet.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {open && lists.data?.find((l) => l.id === open)?.kind === "static" && <Members listId={open} />}

      <form
        onSubmit={create}
        aria-label="New list or segment"
        className="flex flex-col gap-3 rounded-lg border p-4"
      >
        <h2 className="text-lg font-semibold">New list or segment</h2>
        <div className="flex flex-wrap gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="list-name">List name</Label>
            <Input id="list-name" value={name} onChange={(e) => setName(e.target.value)} className="w-72" />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="list-kind">Kind</Label>
            <NativeSelect
              id="list-kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as "segment" | "static")}
            >
              <option value="segment">Segment (a filter, always up to date)</option>
              <option value="static">Static list (members chosen)</option>
            </NativeSelect>
          </div>
        </div>
        {kind === "segment" && (
          <>
            <Choices
              legend="Stages"
              options={CONTACT_STAGES}
              value={filter.stages}
              onChange={(stages) => setFilter({ ...filter, stages })}
            />
            <Choices
              legend="Types"
              options={CONTACT_TYPES}
              value={filter.types}
              onChange={(types) => setFilter({ ...filter, types })}
            />
            <Choices
              legend="Sources"
              options={CONTACT_SOURCES}
              value={filter.sources}
              onChange={(sources) => setFilter({ ...filter, sources })}
            />
            <div className="flex flex-wrap gap-3">
              <div className="flex flex-col gap-1">
                <Label htmlFor="segment-tags">Tags (any of, comma-separated)</Label>
                <Input
                  id="segment-tags"
                  value={tags}
                  onChange={(e) => setTags(e.target.value)}
                  className="w-72"
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="segment-cities">Cities (comma-separated)</Label>
                <Input
                  id="segment-cities"
                  value={cities}
                  onChange={(e) => setCities(e.target.value)}
                  className="w-72"
                />
              </div>
            </div>
          </>
        )}
        <p className="text-xs text-muted-foreground">
          Only contacts who gave marketing consent, with an e-mail address and not on the suppression list,
          ever receive a campaign.
        </p>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" className="self-start">
          Create list
        </Button>
      </form>
    </div>
  );
}

function describeFilter(f: SegmentFilter): string {
  const parts = [
    f.stages.length && `stage ${f.stages.map(label).join("/")}`,
    f.types.length && `type ${f.types.map(label).join("/")}`,
    f.tags.length && `tagged ${f.tags.join("/")}`,
    f.sources.length && `from ${f.sources.map(label).join("/")}`,
    f.cities.length && `in ${f.cities.join("/")}`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "every consenting contact";
}

function ListRow({ list, open, onToggle }: { list: EmailList; open: boolean; onToggle: () => void }) {
  const counts = useAudienceCounts(list.id);
  return (
    <TableRow data-list={list.name}>
      <TableCell data-label="" className="font-medium">
        {list.name}
      </TableCell>
      <TableCell data-label="Kind">{list.kind === "segment" ? "Segment" : "Static list"}</TableCell>
      <TableCell data-label="Who" className="text-sm">
        {list.kind === "segment" ? describeFilter(list.filter) : "chosen members"}
      </TableCell>
      <TableCell data-label="Reaches" className="text-right tabular-nums" data-testid="reach">
        {counts.data ? `${counts.data.reachable} (${counts.data.suppressed} suppressed)` : "…"}
      </TableCell>
      <TableCell data-label="" className="text-right">
        {list.kind === "static" && (
          <Button size="sm" variant="outline" onClick={onToggle} aria-expanded={open}>
            {open ? "Hide members" : "Members"}
            <span className="sr-only"> of {list.name}</span>
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function Members({ listId }: { listId: string }) {
  const refresh = useRefreshMarketing();
  const members = useListMembers(listId);
  const [term, setTerm] = useState("");
  const found = useConsentedContacts(term);
  const add = async (contactId: string) => {
    try {
      await addListMember(listId, contactId);
      toast.success("Added to the list");
    } catch (err) {
      toast.error("Not added", {
        description: describeDbError(err, {
          constraints: { email_list_members_pkey: { message: "Already on the list." } },
        }).message,
      });
    }
    await refresh();
  };
  const name = (c: { first_name: string | null; last_name: string | null }) =>
    [c.first_name, c.last_name].filter(Boolean).join(" ");
  return (
    <section aria-label="Members" className="flex flex-col gap-2 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">Members</h2>
      <ul className="text-sm">
        {members.data?.map((m) => (
          <li key={m.id}>
            {name(m)} &lt;{m.email}&gt;
          </li>
        ))}
      </ul>
      <Label htmlFor="member-search">Add a consenting contact</Label>
      <Input
        id="member-search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        className="w-72"
        placeholder="Name or e-mail"
      />
      <ul className="flex flex-col gap-1">
        {found.data?.map((c) => (
          <li key={c.id}>
            <Button size="sm" variant="outline" onClick={() => void add(c.id)}>
              Add {name(c)} &lt;{c.email}&gt;
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
