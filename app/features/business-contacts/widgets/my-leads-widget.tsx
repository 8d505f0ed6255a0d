/** Dashboard slot "my-leads": the staff member's newest leads (owned or assigned), each a link, with the count and a WhatsApp link. */
import { MessageCircleIcon } from "lucide-react";
import { Link } from "react-router";
import { formatPhone, whatsappLink } from "#core/business-contacts/phone.ts";
import { describeDbError } from "#core/records/db-errors.ts";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useMyLeads } from "../hooks/contact-queries.ts";

export default function MyLeadsWidget() {
  const leads = useMyLeads();
  if (leads.isPending) return <Skeleton className="h-32 w-full" />;
  if (leads.isError)
    return (
      <p className="text-sm text-destructive">
        Could not load your leads: {describeDbError(leads.error).message}
      </p>
    );
  if (leads.data.rows.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No open leads: new ones assigned to you show here.</p>
    );
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1" aria-label="My leads">
        {leads.data.rows.map((c) => (
          <li
            key={c.id}
            className="flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent"
          >
            <Link to={`/business-contacts/${c.id}`} className="min-w-0 truncate font-medium hover:underline">
              {c.display_name}
            </Link>
            {c.phone && (
              <a
                href={whatsappLink(c.phone)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex shrink-0 items-center gap-1 text-xs text-muted-foreground hover:underline"
              >
                <MessageCircleIcon className="size-3" aria-hidden="true" />
                {formatPhone(c.phone)}
                <span className="sr-only"> on WhatsApp (opens in a new tab)</span>
              </a>
            )}
          </li>
        ))}
      </ul>
      <Link to="/business-contacts?stage=lead&owner=me" className="text-sm font-medium underline">
        All my leads ({leads.data.total})
      </Link>
    </div>
  );
}
