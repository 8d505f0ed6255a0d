/** /contact-submissions/:id: one contact-form message on its own record page. */
import { InboxRecordPage } from "#app/domains/inbox/components/inbox-record-page.tsx";
import { CONTACT_SUBMISSIONS } from "./contact-submissions-screen.tsx";

export default function ContactSubmissionPage() {
  return <InboxRecordPage screen={CONTACT_SUBMISSIONS} />;
}
