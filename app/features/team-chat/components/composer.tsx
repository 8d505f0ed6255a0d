/** The message box: Enter sends, Shift+Enter starts a new line. */
import { SendIcon, XIcon } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { TEAM_MESSAGE_MAX_LENGTH } from "#core/schemas/hub.ts";
import { chatPreview, type ChatListMessage } from "#core/team-chat.ts";
import { displayName } from "#core/schemas/profile.ts";
import { Button } from "#app/components/ui/button.tsx";

export function Composer({
  channelName,
  replyTo,
  onCancelReply,
  onSend,
}: {
  channelName: string;
  replyTo: ChatListMessage | null;
  onCancelReply: () => void;
  onSend: (text: string) => void;
}) {
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (replyTo) ref.current?.focus();
  }, [replyTo]);

  const submit = () => {
    const value = text.trim();
    if (!value || value.length > TEAM_MESSAGE_MAX_LENGTH) return;
    onSend(value);
    setText("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const tooLong = text.length > TEAM_MESSAGE_MAX_LENGTH;
  return (
    <form
      className="border-t bg-background p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {replyTo && (
        <div
          className="mb-2 flex items-start gap-2 rounded-md border-l-4 border-primary bg-muted px-3 py-2 text-sm"
          data-testid="reply-banner"
        >
          <div className="min-w-0 flex-1">
            <span className="font-medium">Replying to {displayName(replyTo.user_profile)}</span>
            <p className="truncate text-muted-foreground">{chatPreview(replyTo.message)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Cancel reply"
            onClick={onCancelReply}
          >
            <XIcon />
          </Button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor="team-chat-composer" className="sr-only">
          Message #{channelName}
        </label>
        <textarea
          id="team-chat-composer"
          ref={ref}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Message #${channelName}`}
          aria-invalid={tooLong || undefined}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 field-sizing-content"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!text.trim() || tooLong}>
          <SendIcon />
        </Button>
      </div>
      <p className="mt-1 text-xs text-muted-foreground">
        Enter to send, Shift+Enter for a new line.
        {tooLong && (
          <span className="ml-2 text-destructive">At most {TEAM_MESSAGE_MAX_LENGTH} characters.</span>
        )}
      </p>
    </form>
  );
}
