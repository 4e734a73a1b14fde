/**
 * DataTransferPort over `/data-export` and `/data-import`: the export is read as it streams (its bytes
 * reported as they arrive), the import sends the ZIP as the request body.
 */
import type {
  DataTransferPort,
  TExportOptions,
  TImportResult,
  TImportStatus,
} from "@care/core/ports/data-transfer.port";
import type { HttpClient } from "./http-client.ts";

/** Time allowed for an export or an import of a large group, in milliseconds. */
export const TRANSFER_TIMEOUT_MS = 2 * 60 * 60_000;

export class HttpDataTransferAdapter implements DataTransferPort {
  constructor(private readonly http: HttpClient) {}

  async exportAll(options: TExportOptions = {}): Promise<Blob> {
    const facilityIds = options.facilityIds?.length ? options.facilityIds.join(",") : undefined;
    return this.http.request<Blob>("GET", "/data-export", {
      query: { facilityIds },
      read: "blob",
      timeoutMs: TRANSFER_TIMEOUT_MS,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  }

  async importStatus(): Promise<TImportStatus> {
    return this.http.request<TImportStatus>("GET", "/data-import/status");
  }

  async importAll(archive: Blob): Promise<TImportResult> {
    const blob = archive.type === "application/zip" ? archive : new Blob([archive], { type: "application/zip" });
    return this.http.request<TImportResult>("POST", "/data-import", { blob, timeoutMs: TRANSFER_TIMEOUT_MS });
  }
}
