/**
 * What the web app reads from `/runtime-config.json` at startup: which backend the one build talks to.
 * The server answers `{backend: "http"}`; a Firebase hosting deploy serves the Firebase client config.
 */
import { z } from "zod";

const ZPortalTitle = z.string().trim().min(1).max(80);

/** A host:port pair of a local Firebase emulator. */
const ZEmulatorHost = z.object({ host: z.string().min(1).max(200), port: z.number().int().min(1).max(65_535) });

/** The public Firebase web client config (not a secret: it names the project, it grants nothing). */
export const ZFirebaseClientConfig = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  storageBucket: z.string().min(1),
  appId: z.string().min(1),
  messagingSenderId: z.string().min(1).optional(),
});
export type TFirebaseClientConfig = z.infer<typeof ZFirebaseClientConfig>;

/** Local emulators instead of the hosted services (development and tests). */
export const ZFirebaseEmulators = z.object({
  /** The Auth emulator's URL, e.g. `http://127.0.0.1:9099`. */
  auth: z.url().optional(),
  firestore: ZEmulatorHost.optional(),
  storage: ZEmulatorHost.optional(),
  functions: ZEmulatorHost.optional(),
});
export type TFirebaseEmulators = z.infer<typeof ZFirebaseEmulators>;

export const ZRuntimeConfig = z.discriminatedUnion("backend", [
  z.object({
    backend: z.literal("http"),
    /** Base URL of the API, default same origin (`/api/v1`). */
    apiBaseUrl: z.string().min(1).optional(),
    portalTitle: ZPortalTitle.optional(),
  }),
  z.object({
    backend: z.literal("firebase"),
    firebase: ZFirebaseClientConfig,
    emulators: ZFirebaseEmulators.optional(),
    /** Region of the Cloud Functions the adapter calls (default `us-central1`). */
    functionsRegion: z.string().min(1).max(40).optional(),
    portalTitle: ZPortalTitle.optional(),
  }),
  /** In-browser data that is lost on reload: development and demos only. */
  z.object({
    backend: z.literal("memory"),
    portalTitle: ZPortalTitle.optional(),
  }),
]);
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
export type TBackendName = TRuntimeConfig["backend"];

export const DEFAULT_PORTAL_TITLE = "Care Portal";

/**
 * The id of the page's boot block: a JSON data block in which the portal's own server hands the web app
 * its runtime config and what `GET /auth/me` answers (server/src/http/web-app.plugin.ts writes it,
 * web/src/app/boot-block.ts reads it).
 */
export const BOOT_BLOCK_ID = "care-boot";
