/**
 * The portal's security page: the same two-factor section the staff's /settings shows, with the
 * query client it needs. Loaded when the partner opens the tab, so the portal's first screen
 * carries neither the query client nor the section's UI kit.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { TwoFactorSection } from "#app/domains/two-factor/components/two-factor-section.tsx";
import { queryClient } from "#app/lib/query-client.ts";

export default function SecurityTab() {
  return (
    <section aria-labelledby="security-h" className="mt-8 flex flex-col gap-4">
      <h2 id="security-h" className="text-xl font-semibold">
        Security
      </h2>
      <QueryClientProvider client={queryClient}>
        <TwoFactorSection />
      </QueryClientProvider>
    </section>
  );
}
