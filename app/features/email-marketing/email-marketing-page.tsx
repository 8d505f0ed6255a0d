/**
 * /email-marketing (staff and admins): four tabs — campaigns (write from a template, preview per
 * recipient, send, figures), lists and segments, templates, and the suppression list. The tab is
 * kept in ?tab= so a link opens it.
 */
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { CampaignsTab } from "./components/campaigns-tab.tsx";
import { ListsTab } from "./components/lists-tab.tsx";
import { SuppressionsTab } from "./components/suppressions-tab.tsx";
import { TemplatesTab } from "./components/templates-tab.tsx";

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
        <TabsList>
          <TabsTrigger value="campaigns">Campaigns</TabsTrigger>
          <TabsTrigger value="lists">Lists &amp; segments</TabsTrigger>
          <TabsTrigger value="templates">Templates</TabsTrigger>
          <TabsTrigger value="suppressions">Suppression list</TabsTrigger>
        </TabsList>
        <TabsContent value="campaigns">
          <CampaignsTab />
        </TabsContent>
        <TabsContent value="lists">
          <ListsTab />
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesTab />
        </TabsContent>
        <TabsContent value="suppressions">
          <SuppressionsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
