/** Where to go after signing in: the page the visitor asked for, if it is one of ours, else Reminders. */
import { HOME_PATH, normalizePath } from "../navigation.ts";
import { paths } from "../../lib/paths.ts";

export function loginTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string") return HOME_PATH;
  // Only same-site paths: "//evil.example" or "/\evil" would leave the portal.
  if (!from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return HOME_PATH;
  if (normalizePath(from.split(/[?#]/)[0] ?? "") === paths.login.path) return HOME_PATH;
  return from;
}
