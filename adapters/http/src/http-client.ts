/**
 * The one place the http adapter talks to the network: base URL, cookies, the CSRF header, JSON
 * bodies, timeouts, and the translation of every failure into an AppError (errors cross ports only as
 * AppError). A 401 on any call tells the auth adapter that the session is gone.
 */
import { AppError, type TErrorCode } from "@care/core/app-error";

export type TFetch = typeof fetch;
export type THttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export type TQueryValue = string | number | boolean | undefined;

export interface THttpClientOptions {
  /** Where the API lives; default the same origin's `/api/v1`. */
  baseUrl?: string;
  /** The fetch to use; Node tests pass one with a cookie jar. Default: the global fetch. */
  fetch?: TFetch;
  /** Time allowed for one JSON request, in milliseconds; default 30 s. */
  timeoutMs?: number;
}

export interface TRequestOptions {
  query?: Record<string, TQueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart (uploads without progress). */
  form?: FormData;
  /** Sent as it is, with its own type as the Content-Type (an export's ZIP). */
  blob?: Blob;
  /** With `read: "blob"`: called as the answer arrives, with the bytes received so far. */
  onProgress?: (bytesReceived: number) => void;
  /**
   * How to read a successful answer: parsed JSON (default), bytes, bytes as a File named by the answer's
   * Content-Disposition (a download), or nothing (204).
   */
  read?: "json" | "blob" | "file" | "none";
  timeoutMs?: number;
  /**
   * Whether a 401 means "the session is gone". False for the login call, whose 401 only says the
   * credentials were wrong.
   */
  sessionCheck?: boolean;
}

export const DEFAULT_BASE_URL = "/api/v1";
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Mutating requests carry this header; the server refuses them without it (CSRF). */
export const CSRF_HEADER = "X-Requested-With";
export const CSRF_VALUE = "care-portal";

export const NETWORK_MESSAGE = "Cannot reach the server. Check the connection and try again.";
export const TIMEOUT_MESSAGE = "The server took too long to answer. Please try again.";
export const UNEXPECTED_MESSAGE = "The server gave an unexpected answer. Please try again in a moment.";

/** Status codes whose meaning is clear even when the body is not ours (e.g. a reverse proxy's page). */
const STATUS_FALLBACK: Partial<Record<number, TErrorCode>> = {
  401: "UNAUTHENTICATED",
  413: "PAYLOAD_TOO_LARGE",
  429: "RATE_LIMITED",
};

export function isMutation(method: THttpMethod): boolean {
  return method !== "GET";
}

/**
 * Builds the AppError for a non-2xx answer from its status, body text and Retry-After header. Our
 * server's JSON error body is taken as is; anything else (a proxy's HTML page, an empty body) becomes
 * UNAVAILABLE unless the status alone is unambiguous.
 */
export function errorFromResponse(status: number, bodyText: string, retryAfter: string | null): AppError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const fallback = STATUS_FALLBACK[status] ?? "UNAVAILABLE";
  const error = AppError.fromBody(body, fallback);
  if (error.code === "RATE_LIMITED" && error.retryAfterSeconds === undefined && retryAfter !== null) {
    const seconds = Number.parseInt(retryAfter, 10);
    if (Number.isFinite(seconds) && seconds >= 0) {
      return new AppError(error.code, error.message, {
        retryAfterSeconds: seconds,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
  }
  return error;
}

/** The AppError for a request that never got an answer. */
export function errorFromFailure(failure: unknown): AppError {
  if (failure instanceof AppError) return failure;
  const name = failure instanceof Error || failure instanceof DOMException ? failure.name : "";
  if (name === "TimeoutError") return new AppError("UNAVAILABLE", TIMEOUT_MESSAGE, { cause: failure });
  return new AppError("UNAVAILABLE", NETWORK_MESSAGE, { cause: failure });
}

/** The answer's bytes as a Blob, reporting the bytes received as they arrive. */
/**
 * The file name a Content-Disposition header gives: its exact UTF-8 `filename*` (RFC 5987), else its
 * plain `filename`, else "file".
 */
export function fileNameOf(header: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? "")?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Not percent-encoded as RFC 5987 asks: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header ?? "")?.[1] || "file";
}

async function blobWithProgress(response: Response, onProgress: (bytesReceived: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(received);
  }
  return new Blob(parts, { type: response.headers.get("Content-Type") ?? "" });
}

export class HttpClient {
  readonly baseUrl: string;
  /** True when a fetch was injected; uploads then use it instead of XMLHttpRequest. */
  readonly customFetch: boolean;
  private readonly fetchImpl: TFetch;
  private readonly timeoutMs: number;
  private readonly sessionLostListeners = new Set<() => void>();
  /** Bumped at every sign-in and sign-out, so a late 401 of an older session is not taken as news. */
  private sessionEpoch = 0;

  constructor(options: THttpClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    // Called through globalThis at call time: browsers refuse an unbound window.fetch.
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.customFetch = options.fetch !== undefined;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Calls `listener` whenever a request is answered with 401; returns the unsubscribe function. */
  onSessionLost(listener: () => void): () => void {
    this.sessionLostListeners.add(listener);
    return () => this.sessionLostListeners.delete(listener);
  }

  /** Marks the start of a new session (or of none); 401s of requests sent before it are ignored. */
  newSession(): void {
    this.sessionEpoch += 1;
  }

  /** The current session epoch, for requests sent outside `request` (uploads via XMLHttpRequest). */
  get epoch(): number {
    return this.sessionEpoch;
  }

  /** The full URL of an API path with its query string (undefined values left out). */
  url(path: string, query?: Record<string, TQueryValue>): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.append(key, String(value));
    }
    const qs = params.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ""}`;
  }

  /** Headers every request of the given method carries. */
  headers(method: THttpMethod): Record<string, string> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (isMutation(method)) headers[CSRF_HEADER] = CSRF_VALUE;
    return headers;
  }

  async request<T>(method: THttpMethod, path: string, options: TRequestOptions = {}): Promise<T> {
    const headers = this.headers(method);
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.blob) {
      headers["Content-Type"] = options.blob.type || "application/octet-stream";
      body = options.blob;
    }
    const epoch = this.sessionEpoch;
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(path, options.query), {
        method,
        headers,
        body,
        credentials: "include",
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
      });
    } catch (failure) {
      throw errorFromFailure(failure);
    }
    return this.read<T>(response, options, epoch);
  }

  /**
   * Reports a 401 answer to a request sent at `epoch`: the session is gone, unless a sign-in or
   * sign-out happened since or the request asked not to be checked.
   */
  handleUnauthorized(epoch: number, sessionCheck: boolean | undefined): void {
    if (sessionCheck === false || epoch !== this.sessionEpoch) return;
    for (const listener of [...this.sessionLostListeners]) listener();
  }

  private async read<T>(response: Response, options: TRequestOptions, epoch: number): Promise<T> {
    try {
      if (!response.ok) {
        const error = errorFromResponse(response.status, await response.text(), response.headers.get("Retry-After"));
        if (response.status === 401) this.handleUnauthorized(epoch, options.sessionCheck);
        throw error;
      }
      const read = options.read ?? "json";
      if (read === "none" || response.status === 204) {
        await response.body?.cancel();
        if (read === "json") throw new AppError("UNAVAILABLE", UNEXPECTED_MESSAGE);
        return undefined as T;
      }
      if (read === "blob" || read === "file") {
        const blob = await (options.onProgress ? blobWithProgress(response, options.onProgress) : response.blob());
        if (read === "blob") return blob as T;
        return new File([blob], fileNameOf(response.headers.get("Content-Disposition")), { type: blob.type }) as T;
      }
      const text = await response.text();
      try {
        return JSON.parse(text) as T;
      } catch (cause) {
        throw new AppError("UNAVAILABLE", UNEXPECTED_MESSAGE, { cause });
      }
    } catch (failure) {
      throw errorFromFailure(failure);
    }
  }
}
