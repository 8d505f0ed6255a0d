import { ShareRedirect } from "./share-redirect.tsx";

export default function ShareBlogPage() {
  return <ShareRedirect kind="blog" />;
}
