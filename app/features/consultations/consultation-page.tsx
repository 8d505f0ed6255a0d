/** /consultations/:id: one consultation request on its own record page. */
import { InboxRecordPage } from "#app/domains/inbox/components/inbox-record-page.tsx";
import { CONSULTATIONS } from "./consultations-screen.tsx";

export default function ConsultationPage() {
  return <InboxRecordPage screen={CONSULTATIONS} />;
}
