/**
 * Where to go after signing in: the page the visitor asked for, if it is one of ours, else Reminders.
 * A page left when a session ended (`userId`: whose it was) is offered back only to that same user: on
 * a shared computer the next person starts on Reminders, not on the last person's resident.
 */
import { HOME_PATH, normalizePath } from "../navigation.ts";
import { paths } from "../../lib/paths.ts";

export function loginTarget(state: unknown, signedInUserId?: string): string {
  const { from, userId } = (state as { from?: unknown; userId?: unknown } | null) ?? {};
  if (typeof from !== "string") return HOME_PATH;
  if (typeof userId === "string" && signedInUserId !== undefined && userId !== signedInUserId) return HOME_PATH;
  // Only same-site paths: "//evil.example" or "/\evil" would leave the portal.
  if (!from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return HOME_PATH;
  if (normalizePath(from.split(/[?#]/)[0] ?? "") === paths.login.path) return HOME_PATH;
  return from;
}
