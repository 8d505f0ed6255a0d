/**
 * Reply by e-mail: choose a template, its merge fields filled from the record
 * (what cannot be filled is shown and named), edit, send. The mail goes to the record's own
 * address through the outgoing queue (database: send_inbox_reply); if mail to that address
 * bounced before, the dialog says so first and the reply is flagged.
 */
import { MailIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { InboxId } from "#core/inbox/inbox-model.ts";
import type { ReplyTemplate } from "#core/inbox/inbox-schema.ts";
import type { MergeValues } from "#core/inbox/reply-template.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "#app/components/ui/dialog.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";

// The form (react-hook-form, the reply's parser) loads when the dialog opens.
const ReplyForm = lazy(() => import("./reply-form.tsx"));

export function ReplyDialog({
  inbox,
  recordId,
  templates,
  values,
}: {
  inbox: InboxId;
  recordId: string;
  templates: readonly ReplyTemplate[];
  values: MergeValues;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <MailIcon aria-hidden="true" />
          Reply by e-mail
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        {open && (
          <Suspense fallback={<Skeleton className="h-64 w-full" aria-label="Loading the reply form" />}>
            <ReplyForm
              inbox={inbox}
              recordId={recordId}
              templates={templates}
              values={values}
              onDone={() => setOpen(false)}
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
