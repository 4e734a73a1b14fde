/** A scripted fetch for the adapter's unit tests: records each request and answers from a queue. */
import { vi } from "vitest";

export interface TRecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
}

export type TAnswer = Response | Error | ((request: TRecordedRequest) => Response | Promise<Response>);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A fetch that answers requests in order from `answers` (the last one repeats) and records them. */
export function fakeFetch(...answers: TAnswer[]) {
  const requests: TRecordedRequest[] = [];
  const queue = [...answers];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: TRecordedRequest = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      credentials: init?.credentials,
      body: init?.body,
      signal: init?.signal,
    };
    requests.push(request);
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    if (answer === undefined) throw new Error("fakeFetch: no answer scripted");
    if (answer instanceof Error) throw answer;
    if (typeof answer === "function") return answer(request);
    return answer.clone();
  });
  return { fetch: fn as unknown as typeof fetch, requests };
}
