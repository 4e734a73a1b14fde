/**
 * The one place that decides which request body types a route takes. A route accepts JSON unless
 * its schema lists other types in `consumes` (a file upload takes multipart/form-data, the data
 * import a ZIP). A body of any other type is refused with 415 before it is parsed, with a message
 * naming the type to send, so a form post to a JSON route is not mistaken for a wrong file type.
 */
import { AppError } from "@care/core/app-error";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

const JSON_TYPE = "application/json";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The body types the matched route declares (`schema.consumes`), JSON when it declares none. */
function acceptedTypes(request: FastifyRequest): string[] {
  const consumes = (request.routeOptions.schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.length > 0
    ? consumes.map((type) => String(type).toLowerCase())
    : [JSON_TYPE];
}

/** The message of the 415 for a route that takes the given types. */
export function wrongTypeMessage(accepted: readonly string[]): string {
  if (accepted.length === 1 && accepted[0] === JSON_TYPE) {
    return "Send this request as JSON (Content-Type: application/json).";
  }
  return `This route does not accept this content type. Send it as ${accepted.join(" or ")}.`;
}

async function contentTypePlugin(fastify: FastifyInstance): Promise<void> {
  fastify.addHook("preParsing", async (request) => {
    const header = request.headers["content-type"];
    // A request without a body type (a POST with no body) is left to the route's own validation.
    if (!BODY_METHODS.has(request.method) || typeof header !== "string" || header.trim() === "") return;
    const mediaType = header.split(";")[0]!.trim().toLowerCase();
    const accepted = acceptedTypes(request);
    if (!accepted.includes(mediaType)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", wrongTypeMessage(accepted));
  });
}

export default fp(contentTypePlugin, { name: "content-type", fastify: "5.x", dependencies: ["error-handler"] });
