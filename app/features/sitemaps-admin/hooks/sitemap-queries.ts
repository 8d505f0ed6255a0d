/** Server state of the sitemaps screen: `sitemapKeys`, every key under "sitemaps-admin". */
import { useQuery } from "@tanstack/react-query";
import { loadSitemaps, sitemapsStatus } from "../api/sitemaps-api.ts";

export const sitemapKeys = {
  all: ["sitemaps-admin"] as const,
  status: () => [...sitemapKeys.all, "status"] as const,
  files: () => [...sitemapKeys.all, "files"] as const,
};

export const useSitemapsStatus = () => useQuery({ queryKey: sitemapKeys.status(), queryFn: sitemapsStatus });
export const useSitemapFiles = () => useQuery({ queryKey: sitemapKeys.files(), queryFn: loadSitemaps });
