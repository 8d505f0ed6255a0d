/**
 * Server state of the blog admin (TanStack Query). `postKeys` is the module's key factory: every
 * key starts with "blog-posts", so one invalidation refreshes everything a change may affect.
 * Changes publish a "blog" frame (ids only) so colleagues' tabs refetch (realtime.ts).
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { PostListQuery } from "#core/blog/post-list.ts";
import type { RecordUpdateAction } from "#core/schemas/hub.ts";
import { historyKeys } from "#app/components/records/record-history.tsx";
import { publishDomainUpdate } from "#app/lib/realtime/index.ts";
import { getPost, listPosts, signedImageUrls, tagsInUse } from "../api/posts-api.ts";

/** The module's name on the hub (core/schemas/hub.ts REALTIME_MODULES). */
export const BLOG_REALTIME = "blog";

export const postKeys = {
  all: ["blog-posts"] as const,
  lists: () => [...postKeys.all, "list"] as const,
  list: (query: PostListQuery) => [...postKeys.lists(), query] as const,
  detail: (id: string) => [...postKeys.all, "detail", id] as const,
  tags: () => [...postKeys.all, "tags"] as const,
  images: (paths: readonly string[]) => [...postKeys.all, "images", paths] as const,
  editors: (id: string | null) => [...postKeys.all, "editors", id] as const,
};

export function usePosts(query: PostListQuery) {
  return useQuery({
    queryKey: postKeys.list(query),
    queryFn: () => listPosts(query),
    placeholderData: keepPreviousData,
  });
}

export function usePost(id: string | undefined) {
  return useQuery({ queryKey: postKeys.detail(id ?? "new"), queryFn: () => getPost(id!), enabled: !!id });
}

export function useTags() {
  return useQuery({ queryKey: postKeys.tags(), queryFn: tagsInUse, staleTime: 60_000 });
}

/** Signed preview URLs of stored images (drafts are not public yet). */
export function useSignedImages(paths: readonly string[]) {
  return useQuery({
    queryKey: postKeys.images(paths),
    queryFn: () => signedImageUrls(paths),
    enabled: paths.length > 0,
    staleTime: 20 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** After a change: refresh this tab's posts and tell colleagues' tabs (ids only). */
export function useInvalidatePost() {
  const qc = useQueryClient();
  return useCallback(
    (id?: string, action: RecordUpdateAction = "updated") => {
      void qc.invalidateQueries({ queryKey: postKeys.lists() });
      void qc.invalidateQueries({ queryKey: postKeys.tags() });
      if (id) {
        void qc.invalidateQueries({ queryKey: postKeys.detail(id) });
        void qc.invalidateQueries({ queryKey: historyKeys.record("blog_posts", id) });
        publishDomainUpdate(BLOG_REALTIME, action, [id]);
      }
    },
    [qc],
  );
}
