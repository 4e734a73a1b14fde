/**
 * FilePort over `/files`. In the browser uploads go through XMLHttpRequest, the only browser API that
 * reports upload progress; with an injected fetch (Node, tests) they go through that fetch.
 */
import { AppError, defaultMessages } from "@care/core/app-error";
import { MAX_FILE_BYTES, type FilePort, type TStoredFile, type TUploadOptions } from "@care/core/ports/file.port";
import {
  CSRF_HEADER,
  CSRF_VALUE,
  errorFromFailure,
  errorFromResponse,
  UNEXPECTED_MESSAGE,
  type HttpClient,
} from "./http-client.ts";

/** Time allowed for one upload (20 MiB on a slow line), in milliseconds. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** Time allowed for one download, in milliseconds. */
export const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

function filePath(id: string): string {
  return `/files/${encodeURIComponent(id)}`;
}

export class HttpFileAdapter implements FilePort {
  constructor(private readonly http: HttpClient) {}

  async upload(file: Blob, name: string, options: TUploadOptions): Promise<TStoredFile> {
    if (file.size > MAX_FILE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", defaultMessages.PAYLOAD_TOO_LARGE);
    // Fields before the file: the server reads the multipart stream in order.
    const form = new FormData();
    form.append("facilityId", options.facilityId ?? "");
    form.append("file", file, name);
    const stored =
      !this.http.customFetch && typeof XMLHttpRequest !== "undefined"
        ? await this.uploadWithProgress(form, options.onProgress)
        : await this.http.request<TStoredFile>("POST", "/files", { form, timeoutMs: UPLOAD_TIMEOUT_MS });
    options.onProgress?.(1);
    return stored;
  }

  async describe(id: string): Promise<TStoredFile> {
    return this.http.request<TStoredFile>("GET", filePath(id));
  }

  async download(id: string): Promise<File> {
    // Named as the server offers it (core's downloadName, in its Content-Disposition).
    return this.http.request<File>("GET", `${filePath(id)}/content`, { read: "file", timeoutMs: DOWNLOAD_TIMEOUT_MS });
  }

  async viewUrl(id: string): Promise<string> {
    return this.http.url(`${filePath(id)}/content`, { inline: 1 });
  }

  async remove(id: string): Promise<void> {
    await this.http.request("DELETE", filePath(id), { read: "none" });
  }

  private uploadWithProgress(
    form: FormData,
    onProgress: ((fraction: number) => void) | undefined,
  ): Promise<TStoredFile> {
    const epoch = this.http.epoch;
    return new Promise<TStoredFile>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", this.http.url("/files"));
      xhr.withCredentials = true;
      xhr.timeout = UPLOAD_TIMEOUT_MS;
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader(CSRF_HEADER, CSRF_VALUE);
      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
        };
      }
      xhr.onload = () => {
        if (xhr.status < 200 || xhr.status >= 300) {
          if (xhr.status === 401) this.http.handleUnauthorized(epoch, true);
          reject(errorFromResponse(xhr.status, xhr.responseText, xhr.getResponseHeader("Retry-After")));
          return;
        }
        try {
          resolve(JSON.parse(xhr.responseText) as TStoredFile);
        } catch (cause) {
          reject(new AppError("UNAVAILABLE", UNEXPECTED_MESSAGE, { cause }));
        }
      };
      xhr.onerror = () => reject(errorFromFailure(new Error("Network error")));
      xhr.ontimeout = () => reject(errorFromFailure(new DOMException("Upload timed out", "TimeoutError")));
      xhr.send(form);
    });
  }
}
