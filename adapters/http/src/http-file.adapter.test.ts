import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_FILE_BYTES } from "@care/core/ports/file.port";
import { createHttpPorts } from "./http-ports.ts";
import { fakeFetch, json, noContent } from "./fake-fetch.test-support.ts";

const stored = {
  id: "f1",
  name: "tb-test.pdf",
  contentType: "application/pdf",
  size: 8,
  facilityId: "tull",
  createdAt: "2025-01-02T03:04:05.000Z",
  createdBy: "u1",
};

describe("HttpFileAdapter", () => {
  it("uploads multipart with the facility field before the file, and reports completion", async () => {
    const { fetch, requests } = fakeFetch(json(201, stored));
    const onProgress = vi.fn();
    const { files } = createHttpPorts({ fetch });
    const result = await files.upload(new Blob(["%PDF-1.7"], { type: "application/pdf" }), "tb-test.pdf", {
      facilityId: "tull",
      onProgress,
    });
    expect(result).toEqual(stored);
    const request = requests[0];
    expect(`${request?.method} ${request?.url}`).toBe("POST /api/v1/files");
    expect(request?.headers["x-requested-with"]).toBe("care-portal");
    const form = request?.body as FormData;
    expect([...form.keys()]).toEqual(["facilityId", "file"]);
    expect(form.get("facilityId")).toBe("tull");
    const file = form.get("file") as File;
    expect(file.name).toBe("tb-test.pdf");
    expect(await file.text()).toBe("%PDF-1.7");
    expect(onProgress).toHaveBeenLastCalledWith(1);
  });

  it("sends an empty facility for group-wide files", async () => {
    const { fetch, requests } = fakeFetch(json(201, { ...stored, facilityId: null }));
    await createHttpPorts({ fetch }).files.upload(new Blob(["x"]), "a.png", { facilityId: null });
    expect((requests[0]?.body as FormData).get("facilityId")).toBe("");
  });

  it("refuses a file over the limit before sending it, and passes on the server's 415", async () => {
    const { fetch, requests } = fakeFetch(
      json(415, { error: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Upload a PDF or an image." } }),
    );
    const { files } = createHttpPorts({ fetch });
    await expect(
      files.upload(new Blob([new Uint8Array(MAX_FILE_BYTES + 1)]), "big.pdf", { facilityId: null }),
    ).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(requests).toHaveLength(0);
    await expect(files.upload(new Blob(["MZ"]), "x.exe", { facilityId: null })).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
  });

  it("describes, downloads, removes and gives an inline view URL", async () => {
    const { fetch, requests } = fakeFetch(
      json(200, stored),
      new Response("%PDF-1.7", { headers: { "Content-Type": "application/pdf" } }),
      noContent(),
    );
    const { files } = createHttpPorts({ fetch, baseUrl: "https://care.example.org/api/v1" });
    await expect(files.describe("f1")).resolves.toEqual(stored);
    const blob = await files.download("f1");
    expect(await blob.text()).toBe("%PDF-1.7");
    expect(blob.type).toBe("application/pdf");
    await files.remove("f1");
    await expect(files.viewUrl("f1")).resolves.toBe("https://care.example.org/api/v1/files/f1/content?inline=1");
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET https://care.example.org/api/v1/files/f1",
      "GET https://care.example.org/api/v1/files/f1/content",
      "DELETE https://care.example.org/api/v1/files/f1",
    ]);
  });
});

/** Just enough of XMLHttpRequest for the browser upload path: records the request, answers on send. */
class FakeXhr {
  static last: FakeXhr | undefined;
  static answer: { status: number; body: string; headers?: Record<string, string> } | "network-error" = {
    status: 201,
    body: JSON.stringify(stored),
  };
  method = "";
  url = "";
  withCredentials = false;
  timeout = 0;
  headers: Record<string, string> = {};
  sent: FormData | undefined;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return FakeXhr.answer === "network-error" ? null : (FakeXhr.answer.headers?.[name] ?? null);
  }
  send(body: FormData) {
    FakeXhr.last = this;
    this.sent = body;
    queueMicrotask(() => {
      const answer = FakeXhr.answer;
      if (answer === "network-error") return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = answer.status;
      this.responseText = answer.body;
      this.onload?.();
    });
  }
}

describe("HttpFileAdapter in a browser (XMLHttpRequest)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uploads with cookies, the CSRF header and progress reports", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    FakeXhr.answer = { status: 201, body: JSON.stringify(stored) };
    const onProgress = vi.fn();
    const { files } = createHttpPorts();
    await expect(
      files.upload(new Blob(["%PDF-1.7"]), "tb-test.pdf", { facilityId: "tull", onProgress }),
    ).resolves.toEqual(stored);
    const xhr = FakeXhr.last;
    expect([xhr?.method, xhr?.url, xhr?.withCredentials]).toEqual(["POST", "/api/v1/files", true]);
    expect(xhr?.headers["X-Requested-With"]).toBe("care-portal");
    expect([...(xhr?.sent?.keys() ?? [])]).toEqual(["facilityId", "file"]);
    expect(onProgress.mock.calls).toEqual([[0.5], [1]]);
  });

  it("maps the server's error, a lost session and a network failure like fetch does", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { auth, files } = createHttpPorts();
    FakeXhr.answer = {
      status: 415,
      body: JSON.stringify({ error: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Upload a PDF or an image." } }),
    };
    await expect(files.upload(new Blob(["MZ"]), "x.exe", { facilityId: null })).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Upload a PDF or an image.",
    });

    const states: unknown[] = [];
    vi.stubGlobal("fetch", async () =>
      json(200, { user: { id: "u1", email: "a@b.org", displayName: null, role: "administrator", facilityIds: null } }),
    );
    auth.onChange((s) => states.push(s));
    await vi.waitFor(() => expect(states).toHaveLength(1));
    FakeXhr.answer = {
      status: 401,
      body: JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "Please sign in again." } }),
    };
    await expect(files.upload(new Blob(["%PDF-1.7"]), "a.pdf", { facilityId: null })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(states.at(-1)).toBeNull();

    FakeXhr.answer = "network-error";
    await expect(files.upload(new Blob(["%PDF-1.7"]), "a.pdf", { facilityId: null })).rejects.toMatchObject({
      code: "UNAVAILABLE",
    });
  });
});
