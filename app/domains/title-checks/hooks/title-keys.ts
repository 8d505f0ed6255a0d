/**
 * The query keys of title due diligence, every one under "title-checks": apart from the queries,
 * so a screen that only invalidates them (the hunts list) does not load the title-checks API.
 */
import type { TitleSubject } from "../api/title-checks-api.ts";

export const titleKeys = {
  all: ["title-checks"] as const,
  file: (subject: TitleSubject) => [...titleKeys.all, "file", subject] as const,
  checks: (fileId: string) => [...titleKeys.all, "checks", fileId] as const,
  overview: () => [...titleKeys.all, "overview"] as const,
  listing: (propertyId: string) => [...titleKeys.all, "listing", propertyId] as const,
};
