/** /property-requests/:id: one property request, with its best matches, on its own record page. */
import { InboxRecordPage } from "#app/domains/inbox/components/inbox-record-page.tsx";
import { PROPERTY_REQUESTS } from "./property-requests-screen.tsx";

export default function PropertyRequestPage() {
  return <InboxRecordPage screen={PROPERTY_REQUESTS} />;
}
