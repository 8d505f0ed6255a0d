/** Keeps <title>, meta description and canonical in step with client-side navigation. */
import { useEffect } from "react";
import { COMPANY } from "#core/constants.ts";

function setMeta(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${COMPANY.name}` : COMPANY.name;
    if (description) {
      setMeta(
        'meta[name="description"]',
        () => Object.assign(document.createElement("meta"), { name: "description" }),
        "content",
        description,
      );
    }
    setMeta(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement("link"), { rel: "canonical" }),
      "href",
      `${location.origin}${location.pathname}`,
    );
  }, [title, description]);
}
