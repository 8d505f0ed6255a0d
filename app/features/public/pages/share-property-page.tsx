import { ShareRedirect } from "./share-redirect.tsx";

export default function SharePropertyPage() {
  return <ShareRedirect kind="property" />;
}
