/**
 * On a listing's page in properties admin (the record-panel slot "property"): the files attached
 * to this listing from the Files screen, through the generic record kit panel.
 */
import { AttachmentsPanel } from "#app/components/records/attachments-panel.tsx";

export default function ListingAttachmentsPanel({ recordId }: { recordId: string }) {
  return <AttachmentsPanel recordType="property" recordId={recordId} />;
}
