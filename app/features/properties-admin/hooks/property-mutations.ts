/**
 * Mutations of a listing's documents, photos and publication. Upload hooks report progress to
 * the caller; the caller passes what follows the outcome (its toast, a refresh).
 */
import { useMutation } from "@tanstack/react-query";
import type { DocumentKind, ListingDocument } from "#core/properties/property-media.ts";
import type { PropertyRow } from "#core/properties/property-schema.ts";
import type { MutationCallbacks as After } from "#app/lib/query-client.ts";
import type { UploadProgress } from "#app/lib/storage-upload-api.ts";
import { removeDocument, uploadDocument } from "../api/documents-api.ts";
import {
  removePhoto,
  reorderPhotos,
  updateAltText,
  uploadPhoto,
  type PhotoWithUrl,
} from "../api/photos-api.ts";
import { updateProperty } from "../api/properties-api.ts";

type NewDocument = { file: File; kind: DocumentKind; title: string };
type NewPhoto = { file: File; position: number; key: string };

export const useUploadDocument = (
  propertyId: string,
  onProgress: (p: UploadProgress) => void,
  after: After<ListingDocument, NewDocument>,
) =>
  useMutation({
    mutationFn: (input: NewDocument) =>
      uploadDocument(propertyId, input.file, { kind: input.kind, title: input.title }, onProgress),
    meta: { errorTitle: "Document not uploaded" },
    ...after,
  });

export const useRemoveDocument = (after: After<void, ListingDocument>) =>
  useMutation({
    mutationFn: (doc: ListingDocument) => removeDocument(doc),
    meta: { errorTitle: "Document not removed" },
    ...after,
  });

export const useUploadPhoto = (
  propertyId: string,
  onProgress: (key: string, p: UploadProgress) => void,
  after: After<unknown, NewPhoto>,
) =>
  useMutation({
    mutationFn: async ({ file, position, key }: NewPhoto) =>
      uploadPhoto(propertyId, file, position, (p) => onProgress(key, p)),
    meta: { errorTitle: "Photo not uploaded" },
    ...after,
  });

export const useReorderPhotos = (propertyId: string, after: After<void, string[]>) =>
  useMutation({
    mutationFn: (ids: string[]) => reorderPhotos(propertyId, ids),
    meta: { errorTitle: "Order not saved" },
    ...after,
  });

export const useRemovePhoto = (after: After<void, PhotoWithUrl>) =>
  useMutation({
    mutationFn: (photo: PhotoWithUrl) => removePhoto(photo),
    meta: { errorTitle: "Photo not removed" },
    ...after,
  });

export const useSaveAltText = (photoId: string, after: After<void, string | null>) =>
  useMutation({
    mutationFn: (text: string | null) => updateAltText(photoId, text),
    meta: { errorTitle: "Alt text not saved" },
    ...after,
  });

/** Publishes, schedules (a future time) or unpublishes (null) a listing. */
export const usePublish = (row: PropertyRow, after: After<PropertyRow, string | null>) =>
  useMutation({
    mutationFn: (publishedAt: string | null) =>
      updateProperty(row.id, row.updated_at, { published_at: publishedAt }),
    meta: { errorTitle: "Publication not changed" },
    ...after,
  });
