/**
 * The portal's title as the header and the browser tab show it: the group's saved setting
 * (`portalSettings`), else the title the deployment configures. Read once into the records cache, so
 * saving a new title shows everywhere at once.
 */
import { useEffect } from "react";
import { PORTAL_SETTINGS_ID } from "@care/core/collections/portal-settings.collection";
import { usePortal } from "./ports.tsx";
import { useAllRecords } from "./records/use-records.ts";

export function usePortalTitle(): string {
  const { title } = usePortal();
  // A list, not a get: a fresh install has no saved title, and a missing record would be a failed request.
  const saved = useAllRecords("portalSettings").data?.find((record) => record.id === PORTAL_SETTINGS_ID);
  return saved?.title ?? title;
}

/** Keeps the browser tab's title at `title`. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
