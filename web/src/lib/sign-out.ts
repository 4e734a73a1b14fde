/**
 * A sign-out the user asked for (Logout, or Sign out on the password page), told apart from a session
 * that ended under them (idle, signed out elsewhere, account changed): only the latter is explained on
 * the sign-in page and offers the page they were on back.
 */
import type { AuthPort } from "@care/core/ports/auth.port";

let asked = false;

/** Signs out, marked as asked for. */
export async function signOutAsAsked(auth: Pick<AuthPort, "signOut">): Promise<void> {
  asked = true;
  try {
    await auth.signOut();
  } catch (error) {
    asked = false;
    throw error;
  }
}

/** Whether the sign-out that just happened was asked for; answers once. */
export function takeAskedSignOut(): boolean {
  const was = asked;
  asked = false;
  return was;
}
