/**
 * /email-marketing (staff and admins): four tabs — campaigns (write from a template, preview per
 * recipient, send, figures), lists and segments, templates, and the suppression list. The tab is
 * kept in ?tab= so a link opens it.
 */
import { lazy, Suspense, useState } from "react";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { CampaignsTab } from "./components/campaigns-tab.tsx";
import { TemplatesTab } from "./components/templates-tab.tsx";

// The lists and the suppression list load when their tab opens, not with the campaigns.
const ListsTab = lazy(() => import("./components/lists-tab.tsx").then((m) => ({ default: m.ListsTab })));
const SuppressionsTab = lazy(() =>
  import("./components/suppressions-tab.tsx").then((m) => ({ default: m.SuppressionsTab })),
);
const loading = <Skeleton className="h-64 w-full" />;

const TABS = ["campaigns", "lists", "templates", "suppressions"] as const;
type Tab = (typeof TABS)[number];

export default function EmailMarketingPage() {
  const initial = new URLSearchParams(window.location.search).get("tab");
  const [tab, setTab] = useState<Tab>(TABS.includes(initial as Tab) ? (initial as Tab) : "campaigns");
  const change = (next: string) => {
    setTab(next as Tab);
    const params = new URLSearchParams(window.location.search);
    params.set("tab", next);
    window.history.replaceState(null, "", `${window.location.pathname}?${params}`);
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Email marketing</h1>
      <Tabs value={tab} onValueChange={change}>
        {/* Four tabs do not fit a phone's width: they wrap to a second row rather than scroll sideways. */}
        <TabsList className="h-auto flex-wrap [&>*]:h-8">
          <TabsTrigger value="campaigns">Campaigns</TabsTrigger>
          <TabsTrigger value="lists">Lists &amp; segments</TabsTrigger>
          <TabsTrigger value="templates">Templates</TabsTrigger>
          <TabsTrigger value="suppressions">Suppression list</TabsTrigger>
        </TabsList>
        <TabsContent value="campaigns">
          <CampaignsTab />
        </TabsContent>
        <TabsContent value="lists">
          <Suspense fallback={loading}>
            <ListsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesTab />
        </TabsContent>
        <TabsContent value="suppressions">
          <Suspense fallback={loading}>
            <SuppressionsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
