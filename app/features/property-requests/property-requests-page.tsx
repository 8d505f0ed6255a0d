/** /property-requests: what visitors look for, on the shared inbox screen, with their best matches. */
import { InboxPage } from "#app/domains/inbox/components/inbox-page.tsx";
import { PROPERTY_REQUESTS } from "./property-requests-screen.tsx";

export default function PropertyRequestsPage() {
  return <InboxPage screen={PROPERTY_REQUESTS} />;
}
