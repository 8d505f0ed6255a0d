/** Admins create channels: a name (the id is its slug) and an optional description. */
import { PlusIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "#app/lib/toast.ts";
import { channelIdFromName } from "#core/schemas/hub.ts";
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
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useSession } from "#app/lib/session.tsx";
import { createChannel } from "../api/team-chat-api.ts";

export function CreateChannelDialog({
  existing,
  onCreated,
  className = "w-full justify-start",
}: {
  existing: ReadonlySet<string>;
  onCreated: (id: string) => void;
  /** The trigger's place: a full-width row in the sidebar, a compact button in a phone's header. */
  className?: string;
}) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = channelIdFromName(name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 60 || !id) {
      setError("Use 1–60 characters, with at least one letter or digit.");
      return;
    }
    if (existing.has(id)) {
      setError(`#${id} already exists.`);
      return;
    }
    setBusy(true);
    try {
      await createChannel({ id, name: trimmed, description: description.trim() || null, createdBy: user.id });
      toast.success(`Channel #${id} created`);
      setOpen(false);
      setName("");
      setDescription("");
      setError(null);
      onCreated(id);
    } catch (err) {
      console.error("team chat: creating a channel failed", err);
      setError("The channel could not be created.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className={className}>
          <PlusIcon /> New channel
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New channel</DialogTitle>
          <DialogDescription>Channels are visible to every admin.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor="channel-name">Name</Label>
            <Input
              id="channel-name"
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={!!error || undefined}
              aria-describedby="channel-name-hint"
            />
            <p id="channel-name-hint" className="text-xs text-muted-foreground">
              {id ? `#${id}` : "Letters, digits and spaces"}
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="channel-description">Description (optional)</Label>
            <Input
              id="channel-description"
              value={description}
              maxLength={280}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              Create channel
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
