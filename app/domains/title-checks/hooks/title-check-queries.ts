/**
 * Server state of title due diligence (TanStack Query): `titleKeys`, every key under
 * "title-checks", so one invalidation refreshes a checklist wherever it shows.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { TitleCheckRow } from "#core/title-checks/title-schema.ts";
import type { MutationCallbacks as After } from "#app/lib/query-client.ts";
import {
  attachDocument,
  getTitleFile,
  listChecks,
  setCheckStatus,
  titleDocumentUrl,
  type TitleSubject,
} from "../api/title-checks-api.ts";
import { titleKeys } from "./title-keys.ts";

export { titleKeys };

/** A hunt's or a listing's title file (null until one is opened). */
export const useTitleFile = (subject: TitleSubject) =>
  useQuery({ queryKey: titleKeys.file(subject), queryFn: () => getTitleFile(subject) });

export const useTitleChecks = (fileId: string) =>
  useQuery({ queryKey: titleKeys.checks(fileId), queryFn: () => listChecks(fileId) });

export const useVerifyCheck = (check: TitleCheckRow, after: After<TitleCheckRow>) =>
  useMutation({
    mutationFn: () => setCheckStatus(check.id, "verified"),
    meta: { errorTitle: "Not verified" },
    ...after,
  });

export const useAttachTitleDocument = (check: TitleCheckRow, after: After<unknown, File>) =>
  useMutation({
    mutationFn: (f: File) => attachDocument(check, f),
    meta: { errorTitle: "Document not attached" },
    ...after,
  });

/** A one-minute link to the check's document, opened in a new tab by the caller. */
export const useOpenTitleDocument = (check: TitleCheckRow, after: After<string>) =>
  useMutation({
    mutationFn: () => titleDocumentUrl(check),
    meta: { errorTitle: "Document not opened" },
    ...after,
  });
