/** The title checks module's own queries, under the title-checks key factory. */
import { useQuery } from "@tanstack/react-query";
import { titleKeys } from "#app/domains/title-checks/hooks/title-check-queries.ts";
import { getTitleListing, listTitleFiles } from "../api/title-overview-api.ts";

/** Every title file the user may see, with its subject and badge. */
export const useTitleOverview = () => useQuery({ queryKey: titleKeys.overview(), queryFn: listTitleFiles });

/** The listing whose title file the page shows. */
export const useTitleListing = (propertyId: string) =>
  useQuery({ queryKey: titleKeys.listing(propertyId), queryFn: () => getTitleListing(propertyId) });
