/**
 * One sign-in per one-time password on plain Firebase Auth (no blocking functions, which need Identity
 * Platform). Firebase Auth signs in with a password as often as it is given, so the portal's own record
 * decides which sign-in counts: `createUser` and `resetPassword` keep the password's SHA-256 and expiry
 * in `oneTimePasswords/{uid}` (written by the Admin SDK only; the rules match no such path, so no client
 * reads or writes it). After a password sign-in on a one-time password the client calls
 * `claimOneTimePassword`, which in one transaction marks it used, ends every other session of the user
 * (`_sessionsFrom`, user-sessions.ts) and keeps only the session that signs in with the custom token it
 * answers, whose `keptSession` claim is a nonce stored on the users record. Every later claim is refused,
 * so a second sign-in gets nothing; the rules refuse such a session everything but reading its own user
 * and role anyway. `changeOneTimePassword` then takes the new password only from the kept session.
 * The password is 92 random bits, so a plain SHA-256 cannot be searched; a slow hash adds nothing here.
 */
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { getAuth } from "firebase-admin/auth";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import { AppError } from "@care/core/app-error";
import { ZPassword } from "@care/core/collections/users.collection";
import { KEPT_SESSION_CLAIM, KEPT_SESSION_FIELD, SESSIONS_FROM_FIELD, sessionLive } from "../../src/user-sessions.ts";

/** Where each user's current one-time password is recorded (never readable by a client). */
export const ONE_TIME_PASSWORDS_COLLECTION = "oneTimePasswords";

/** The words the server answers for a spent or expired one-time password. */
export const ONE_TIME_PASSWORD_SPENT =
  "This one-time password has expired or was already used. Ask an administrator for a new one.";

/** A user's one-time password as recorded: its hash, when it stops working, and its one claim. */
interface TStoredOneTimePassword {
  sha256: string;
  /** Milliseconds since 1970. */
  expiresAt: number;
  /** When its one sign-in claimed it (milliseconds), null until then. */
  usedAt: number | null;
  /** The kept session's nonce the claim gave out, null until then. */
  nonce: string | null;
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The record `createUser` and `resetPassword` write with a new one-time password (a reset replaces it). */
export function oneTimePasswordRecord(password: string, expiresAt: Date): TStoredOneTimePassword {
  return { sha256: sha256(password), expiresAt: expiresAt.getTime(), usedAt: null, nonce: null };
}

function storedOf(data: FirebaseFirestore.DocumentData | undefined): TStoredOneTimePassword | null {
  if (!data || typeof data.sha256 !== "string" || typeof data.expiresAt !== "number") return null;
  return {
    sha256: data.sha256,
    expiresAt: data.expiresAt,
    usedAt: typeof data.usedAt === "number" ? data.usedAt : null,
    nonce: typeof data.nonce === "string" ? data.nonce : null,
  };
}

type TCaller = { uid: string; token: Record<string, unknown> } | undefined;

/**
 * Claims the caller's one-time password for this sign-in: refused (UNAUTHENTICATED, the server's words)
 * when it was claimed already, has expired, or this session has ended (another sign-in claimed it).
 * Answers the custom token of the one session kept.
 */
export async function claimOneTimePassword(caller: TCaller): Promise<{ token: string }> {
  if (!caller) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  const db = getFirestore();
  const userRef = db.doc(`users/${caller.uid}`);
  const otpRef = db.doc(`${ONE_TIME_PASSWORDS_COLLECTION}/${caller.uid}`);
  const nonce = randomUUID();
  await db.runTransaction(async (tx) => {
    const [user, otp] = await Promise.all([tx.get(userRef), tx.get(otpRef)]);
    const profile = user.data();
    const stored = storedOf(otp.data());
    if (
      !profile ||
      profile.active !== true ||
      profile.mustChangePassword !== true ||
      !sessionLive(profile, caller.token) ||
      !stored ||
      stored.usedAt !== null ||
      stored.expiresAt <= Date.now()
    )
      throw new AppError("UNAUTHENTICATED", ONE_TIME_PASSWORD_SPENT);
    tx.update(otpRef, { usedAt: Date.now(), nonce });
    // Every session signed in so far ends now, the one signing in with the token below is kept.
    tx.update(userRef, { [SESSIONS_FROM_FIELD]: FieldValue.serverTimestamp(), [KEPT_SESSION_FIELD]: nonce });
  });
  return { token: await getAuth().createCustomToken(caller.uid, { [KEPT_SESSION_CLAIM]: nonce }) };
}

/**
 * Sets the user's own password in place of the one-time one and clears `mustChangePassword`: only from
 * the session the claim kept (its token carries the nonce, still the one recorded), with the one-time
 * password as the current one, before it expires. Every other session ends (one that signed in with the
 * password again after the claim among them); the answer is the custom token of the session that goes
 * on (a fresh nonce, so the claim's is used once).
 */
export async function changeOneTimePassword(caller: TCaller, input: unknown): Promise<{ token: string }> {
  if (!caller) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  const { currentPassword, newPassword } = (input ?? {}) as { currentPassword?: unknown; newPassword?: unknown };
  const parsed = ZPassword.safeParse(newPassword);
  if (!parsed.success)
    throw new AppError("VALIDATION", "Some fields need attention.", {
      fields: { newPassword: parsed.error.issues[0]?.message ?? "Choose another password" },
    });
  const db = getFirestore();
  const userRef = db.doc(`users/${caller.uid}`);
  const otpRef = db.doc(`${ONE_TIME_PASSWORDS_COLLECTION}/${caller.uid}`);
  const [profile, stored] = await Promise.all([
    userRef.get().then((s) => s.data()),
    otpRef.get().then((s) => storedOf(s.data())),
  ]);
  if (!profile || profile.mustChangePassword !== true)
    throw new AppError("FORBIDDEN", "Change your password under My account; it needs your current one.");
  const nonce = caller.token[KEPT_SESSION_CLAIM];
  if (
    !stored ||
    stored.nonce === null ||
    nonce !== stored.nonce ||
    profile[KEPT_SESSION_FIELD] !== nonce ||
    stored.expiresAt <= Date.now()
  )
    throw new AppError("UNAUTHENTICATED", ONE_TIME_PASSWORD_SPENT);
  const given = Buffer.from(sha256(typeof currentPassword === "string" ? currentPassword : ""), "hex");
  if (!timingSafeEqual(given, Buffer.from(stored.sha256, "hex")))
    throw new AppError("VALIDATION", "The current password is not correct.", {
      fields: { currentPassword: "The current password is not correct" },
    });
  const auth = getAuth();
  await auth.updateUser(caller.uid, { password: parsed.data });
  const account = await auth.getUser(caller.uid);
  const claims = { ...(account.customClaims ?? {}) };
  delete claims.mustChangePassword;
  // The expiry claim earlier versions set with it.
  delete claims.otpExpiresAt;
  await auth.setCustomUserClaims(caller.uid, claims);
  const kept = randomUUID();
  const [written] = await db
    .batch()
    .update(userRef, {
      mustChangePassword: false,
      [SESSIONS_FROM_FIELD]: FieldValue.serverTimestamp(),
      [KEPT_SESSION_FIELD]: kept,
      _writtenAt: FieldValue.serverTimestamp(),
    })
    .delete(otpRef)
    .commit();
  // A session counts from its sign-in's whole second (user-sessions.ts): wait that second out, so no
  // sign-in with the new password after this answer (another device, a script) counts as ended.
  const wait = (Math.floor(written!.writeTime.toMillis() / 1000) + 1) * 1000 + 50 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { token: await auth.createCustomToken(caller.uid, { [KEPT_SESSION_CLAIM]: kept }) };
}
