/** One chat message: avatar, name, time, text, reply quote, and the author's edit/delete. */
import { AlertCircleIcon, PencilIcon, ReplyIcon, RotateCwIcon, Trash2Icon } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { TEAM_MESSAGE_MAX_LENGTH } from "#core/schemas/hub.ts";
import { displayName, initials } from "#core/schemas/profile.ts";
import { chatPreview, type ChatListMessage } from "#core/team-chat.ts";
import { Avatar, AvatarFallback, AvatarImage } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";

export interface MessageActions {
  onReply: (m: ChatListMessage) => void;
  onEdit: (id: string, text: string) => Promise<boolean>;
  onDelete: (m: ChatListMessage) => void;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

export function MessageItem({
  message,
  mine,
  time,
  fullTime,
  repliedTo,
  actions,
}: {
  message: ChatListMessage;
  mine: boolean;
  time: string;
  fullTime: string;
  repliedTo: ChatListMessage | null | undefined;
  actions: MessageActions;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.message);
  const [saving, setSaving] = useState(false);
  const name = displayName(message.user_profile);

  const save = async () => {
    const value = draft.trim();
    if (!value || value.length > TEAM_MESSAGE_MAX_LENGTH) return;
    if (value === message.message) {
      setEditing(false);
      return;
    }
    setSaving(true);
    const ok = await actions.onEdit(message.id, value);
    setSaving(false);
    if (ok) setEditing(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    } else if (e.key === "Escape") {
      setEditing(false);
      setDraft(message.message);
    }
  };

  return (
    <li
      className={cn(
        "group relative flex gap-3 rounded-md px-3 py-2 hover:bg-muted/60",
        message.pending === "failed" && "bg-destructive/5",
      )}
      data-testid="chat-message"
      data-message-id={message.id}
      aria-label={`${name} at ${fullTime}`}
    >
      <Avatar className="mt-0.5 size-8">
        {message.user_profile?.avatar_url && <AvatarImage src={message.user_profile.avatar_url} alt="" />}
        <AvatarFallback className="text-xs">{initials(message.user_profile)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span className="text-sm font-semibold">{name}</span>
          <time className="text-xs text-muted-foreground" dateTime={message.created_at} title={fullTime}>
            {time}
          </time>
          {message.is_edited && <span className="text-xs text-muted-foreground">(edited)</span>}
          {message.pending === "sending" && <span className="text-xs text-muted-foreground">Sending…</span>}
        </div>
        {message.reply_to_id && (
          <p
            className="mt-0.5 truncate border-l-2 border-muted-foreground/40 pl-2 text-xs text-muted-foreground"
            data-testid="reply-quote"
          >
            {repliedTo ? (
              <>
                <span className="font-medium">{displayName(repliedTo.user_profile)}:</span>{" "}
                {chatPreview(repliedTo.message)}
              </>
            ) : (
              "Reply to a message that is no longer available"
            )}
          </p>
        )}
        {editing ? (
          <div className="mt-1">
            <label htmlFor={`edit-${message.id}`} className="sr-only">
              Edit message
            </label>
            <textarea
              id={`edit-${message.id}`}
              autoFocus
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              className="w-full resize-none rounded-md border border-input bg-background px-2 py-1 text-sm field-sizing-content"
            />
            <div className="mt-1 flex gap-2">
              <Button size="sm" onClick={() => void save()} disabled={saving || !draft.trim()}>
                Save
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setEditing(false);
                  setDraft(message.message);
                }}
              >
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <p className="whitespace-pre-wrap break-words text-sm" data-testid="chat-message-text">
            {message.message}
          </p>
        )}
        {message.pending === "failed" && (
          <div className="mt-1 flex items-center gap-2 text-xs text-destructive" role="alert">
            <AlertCircleIcon className="size-3.5" aria-hidden="true" />
            Not sent.
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              onClick={() => actions.onRetry(message.id)}
            >
              <RotateCwIcon className="size-3" aria-hidden="true" /> Retry
            </Button>
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs text-muted-foreground"
              onClick={() => actions.onDiscard(message.id)}
            >
              Discard
            </Button>
          </div>
        )}
      </div>
      {!message.pending && !editing && (
        <div className="absolute right-2 top-1 hidden gap-1 rounded-md border bg-background p-0.5 shadow-sm group-focus-within:flex group-hover:flex">
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Reply to ${name}`}
            onClick={() => actions.onReply(message)}
          >
            <ReplyIcon />
          </Button>
          {mine && (
            <>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label="Edit message"
                onClick={() => {
                  setDraft(message.message);
                  setEditing(true);
                }}
              >
                <PencilIcon />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label="Delete message"
                onClick={() => actions.onDelete(message)}
              >
                <Trash2Icon />
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
