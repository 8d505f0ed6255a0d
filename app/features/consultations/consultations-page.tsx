/** /consultations: consultation requests on the shared inbox screen, with the appointment actions. */
import { InboxPage } from "#app/domains/inbox/components/inbox-page.tsx";
import { CONSULTATIONS } from "./consultations-screen.tsx";

export default function ConsultationsPage() {
  return <InboxPage screen={CONSULTATIONS} />;
}
