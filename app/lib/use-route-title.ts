/**
 * The tab's title for a signed-in screen, as the edge writes it on a full load ("Deals | Ghana
 * Realty", the route table's title of the address): the edge names only the first page, so a
 * screen opened inside the app names itself.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import { COMPANY } from "#core/constants.ts";
import { findRoute } from "#core/routes.ts";

export function useRouteTitle(): void {
  const { pathname } = useLocation();
  const title = findRoute(pathname)?.route.title;
  useEffect(() => {
    if (title) document.title = `${title} | ${COMPANY.name}`;
  }, [title]);
}
