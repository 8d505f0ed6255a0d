/**
 * How a contact's stage, phone network and phone show everywhere in the module: one tone per
 * stage; the phone in the national format with its network, a call link and click-to-WhatsApp
 * (wa.me with the E.164 number).
 */
import { MessageCircleIcon, PhoneIcon } from "lucide-react";
import { CONTACT_STAGE_LABELS, type ContactStage } from "#core/business-contacts/contact-schema.ts";
import {
  formatPhone,
  GHANA_NETWORK_LABELS,
  ghanaNetwork,
  whatsappLink,
} from "#core/business-contacts/phone.ts";
import { StatusBadge, type StatusMap, type StatusTone } from "#app/components/records/status-badge.tsx";
import { Badge } from "#app/components/ui/badge.tsx";

const TONES: Record<ContactStage, StatusTone> = {
  lead: "info",
  prospect: "accent",
  client: "success",
  past_client: "neutral",
  lost: "muted",
};
export const CONTACT_STAGE_BADGES = Object.fromEntries(
  (Object.keys(TONES) as ContactStage[]).map((s) => [s, { label: CONTACT_STAGE_LABELS[s], tone: TONES[s] }]),
) as StatusMap<ContactStage>;

export function StageBadge({ stage }: { stage: ContactStage }) {
  return <StatusBadge value={stage} map={CONTACT_STAGE_BADGES} />;
}

export function NetworkBadge({ phone }: { phone: string | null }) {
  const network = ghanaNetwork(phone);
  if (!network) return null;
  return (
    <Badge tone="neutral" className="font-normal" data-testid="phone-network">
      {GHANA_NETWORK_LABELS[network]}
    </Badge>
  );
}

/** The phone with its network, and links to call it or open a WhatsApp chat. */
export function PhoneLinks({ phone, name }: { phone: string; name: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <a href={`tel:${phone}`} className="inline-flex items-center gap-1 font-medium hover:underline">
        <PhoneIcon className="size-4" aria-hidden="true" />
        {formatPhone(phone)}
        <span className="sr-only"> (call {name})</span>
      </a>
      <NetworkBadge phone={phone} />
      <a
        href={whatsappLink(phone)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:underline dark:text-emerald-300"
      >
        <MessageCircleIcon className="size-4" aria-hidden="true" />
        WhatsApp<span className="sr-only"> {name} (opens in a new tab)</span>
      </a>
    </span>
  );
}
