/**
 * "WhatsApp": click-to-chat with the visitor, the message prefilled from a WhatsApp template with
 * the record's merge fields (wa.me opens WhatsApp or WhatsApp Web in a new tab).
 */
import { MessageCircleIcon } from "lucide-react";
import { mergeTemplate, whatsappLink, type MergeValues } from "#core/inbox/reply-template.ts";
import type { ReplyTemplate } from "#core/inbox/inbox-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";

export function WhatsappMenu({
  phone,
  templates,
  values,
}: {
  phone: string | null;
  templates: readonly ReplyTemplate[];
  values: MergeValues;
}) {
  const plain = whatsappLink(phone, "");
  if (!plain) return null;
  const links = templates.map((t) => ({
    id: t.id,
    name: t.name,
    href: whatsappLink(phone, mergeTemplate(t.body, values).text)!,
  }));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <MessageCircleIcon aria-hidden="true" />
          WhatsApp
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>Open WhatsApp with</DropdownMenuLabel>
        {links.map((l) => (
          <DropdownMenuItem key={l.id} asChild>
            <a href={l.href} target="_blank" rel="noopener noreferrer" data-whatsapp-template={l.name}>
              {l.name}
            </a>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <a href={plain} target="_blank" rel="noopener noreferrer">
            An empty message
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
