/**
 * One conversation between the agency and a partner, as both sides show it: the back-office's
 * partner screen (admins) and the collaboration portal (the partner). Messages oldest first, one's
 * own on the right; a composer that checks the body with core's schema (loaded on the first send,
 * not with the screen) and keeps the text when a send fails. Plain elements and props only: the two sides load and send in their own way.
 */
import { SendIcon } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { MESSAGE_MAX_LENGTH } from "#core/collaboration-management/partner-rows.ts";

export interface ThreadMessage {
  id: string;
  body: string;
  created_at: string;
  /** Written by the side that is looking at the thread. */
  mine: boolean;
  author: string;
}

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Accra",
  }).format(new Date(iso));

export function MessageThread({
  label,
  messages,
  onSend,
  empty,
}: {
  label: string;
  messages: readonly ThreadMessage[];
  onSend: (body: string) => Promise<void>;
  empty: string;
}) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLLIElement>(null);
  // A block body: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView({ block: "nearest" });
  }, [messages.length]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { messageBodySchema } = await import("#core/collaboration-management/partner-schema.ts");
      const parsed = messageBodySchema.safeParse(text);
      if (!parsed.success) {
        setProblem(parsed.error.issues[0]?.message ?? "Write a message");
        return;
      }
      setProblem(null);
      await onSend(parsed.data);
      setText("");
    } catch (err: unknown) {
      setProblem(
        `Not sent: ${err instanceof Error ? err.message : String(err)}. Your text is kept; try again.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {messages.length === 0 ? (
        <p className="text-sm opacity-70">{empty}</p>
      ) : (
        <ol
          aria-label={label}
          className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto rounded-lg border p-3"
        >
          {messages.map((m) => (
            <li
              key={m.id}
              className={`flex max-w-[85%] flex-col gap-0.5 rounded-lg px-3 py-2 text-sm ${m.mine ? "self-end bg-emerald-50 text-emerald-950" : "self-start bg-stone-100 text-stone-900"}`}
            >
              <span className="text-xs opacity-70">
                {m.author} · {when(m.created_at)}
              </span>
              <span className="whitespace-pre-wrap break-words">{m.body}</span>
            </li>
          ))}
          <li ref={end} aria-hidden="true" />
        </ol>
      )}
      <form
        onSubmit={(e) => void submit(e)}
        aria-label="Write a message"
        className="flex flex-col gap-2"
        noValidate
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Message
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            className="rounded-md border border-stone-300 bg-white px-3 py-2 font-normal text-stone-900"
          />
        </label>
        {problem && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
            {problem}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center gap-1 self-start rounded-full bg-emerald-800 px-4 py-1.5 text-sm font-medium text-white disabled:opacity-60"
        >
          <SendIcon aria-hidden="true" className="size-4" />
          {busy ? "Sending…" : "Send"}
        </button>
      </form>
    </div>
  );
}
