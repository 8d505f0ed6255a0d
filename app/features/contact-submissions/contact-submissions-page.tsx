/** /contact-submissions: the contact form's messages on the shared inbox screen. */
import { InboxPage } from "#app/domains/inbox/components/inbox-page.tsx";
import { CONTACT_SUBMISSIONS } from "./contact-submissions-screen.tsx";

export default function ContactSubmissionsPage() {
  return <InboxPage screen={CONTACT_SUBMISSIONS} />;
}
