/**
 * Calling the API of a test app the way the web client does, for `inject` route tests: JSON in and out,
 * the session cookie, and the CSRF header on every write.
 */
import type { FastifyInstance } from "fastify";

/** The password of the extra accounts route tests create beside the admin. */
export const TEST_PASSWORD = "a long enough password";

const CSRF = { "x-requested-with": "care-portal" };

type THttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** `call` and `get` against `/api/v1` of the app `app()` returns (read late, since apps are built in `beforeAll`). */
export function injectApi(app: () => FastifyInstance) {
  async function call(cookie: string, method: THttpMethod, url: string, payload?: unknown) {
    const response = await app().inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie, ...(method === "GET" ? {} : CSRF) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const body = response.body === "" ? null : JSON.parse(response.body);
    return { status: response.statusCode, body };
  }
  const get = (cookie: string, url: string) => call(cookie, "GET", url);
  return { call, get };
}

/** A list query string (`?where=…&limit=…`): strings as they are, anything else as JSON. */
export const listQuery = (params: Record<string, unknown>) =>
  "?" +
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  ).toString();
