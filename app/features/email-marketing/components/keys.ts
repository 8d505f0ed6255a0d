/** Query keys of the email marketing screen (one root, so an action refreshes every tab). */
export const marketingKeys = {
  all: ["email-marketing"] as const,
  lists: () => [...marketingKeys.all, "lists"] as const,
  counts: (id: string) => [...marketingKeys.all, "counts", id] as const,
  members: (id: string) => [...marketingKeys.all, "members", id] as const,
  templates: () => [...marketingKeys.all, "templates"] as const,
  campaigns: () => [...marketingKeys.all, "campaigns"] as const,
  figures: (id: string) => [...marketingKeys.all, "figures", id] as const,
  suppressions: () => [...marketingKeys.all, "suppressions"] as const,
  contacts: (term: string) => [...marketingKeys.all, "contacts", term] as const,
};
