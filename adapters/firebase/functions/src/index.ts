/**
 * The Care Portal's Cloud Functions (the seed's "further backend service"): what a browser client
 * cannot be trusted to do. `createUser` (callable, admins) makes the Auth account with a one-time
 * password, its role, facility and `mustChangePassword` claims and the `users/{uid}` record, with an
 * audit row naming the administrator;
 * `resetPassword` (admins) gives a user a new one-time password and ends their sessions at once;
 * `claimOneTimePassword` lets a one-time password's first sign-in claim it, ending every other session,
 * and `changeOneTimePassword` sets the user's own password in its place (one-time-passwords.ts);
 * `endOtherSessions` ends the caller's other sessions at once and answers a custom token for the one
 * kept (user-sessions.ts); `recordSignIn` sets a user's `lastSignInAt` from Firebase Auth's record of
 * the sign-in, with the `login` audit row; `syncUserClaims` keeps claims and the account in step
 * when an admin edits a users record; `auditChanges` appends an audit row (and, for residents, staff and
 * facilities, a history row) for every change of a
 * registry collection, with the author taken from the write's auth context, not from the client;
 * `deriveRent` sets a resident's rent account from their charges and payments after each change of
 * either (both residents' when a correction moves a line to another), and bills a resident after a
 * write of them (an admission: the current month; a stay change: the months since restated; a
 * transfer moves the account to the new home) or of their rates; `billCurrentMonths` bills every
 * home's current month each hour (rent-billing.ts); the rules let no client write an account or a
 * negative charge. `scheduleBusyTime`
 * gives a rota's double-booking check the busy time of its people in homes the manager may not read;
 * `referralMatches` is the group-wide duplicate check of referrals;
 * `writeCheckedRecord` creates or changes a record checked against other records in its transaction (a
 * fee entry never pays a fee twice), which the rules cannot do, with an audit row naming the caller;
 * `auditFileRemoval` records who removed a file (its description's deletion), and
 * `auditFileBytesDeleted` / `auditFileBytesArchived` a file's bytes deleted outside the portal;
 * `checkUploadedFileBytes` sniffs a file's bytes once stored and removes them unless they are the
 * accepted type declared.
 * Bundled with the shared core by `npm run firebase:functions`.
 */
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { FieldValue, getFirestore, Timestamp } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { HttpsError, onCall, type FunctionsErrorCode } from "firebase-functions/v2/https";
import {
  onDocumentDeletedWithAuthContext,
  onDocumentWritten,
  onDocumentWrittenWithAuthContext,
} from "firebase-functions/v2/firestore";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { onObjectArchived, onObjectDeleted, onObjectFinalized, type StorageEvent } from "firebase-functions/v2/storage";
import { AppError, isAppError, validationError, type TErrorCode } from "@care/core/app-error";
import { actionsListed, type TAction } from "@care/core/collections/actions";
import {
  ADMINISTRATOR_ROLE_ID,
  permissionsAt,
  ZPermissions,
  type TPermissions,
} from "@care/core/collections/roles.collection";
import { usersCollection, ZUserInvite } from "@care/core/collections/users.collection";
import { MAX_IN_VALUES } from "@care/core/list-query";
import { getCollection, isCollectionName, type TCollectionName, type TRecordOf } from "@care/core/registry";
import type { CollectionDef } from "@care/core/collection";
import { newRecordMeta } from "@care/core/common.schema";
import {
  assertCanGrantFacilities,
  assertCanWrite,
  assertCanWriteFields,
  assertCanWriteRecord,
  canSeeFacility,
  canSeeRecord,
} from "@care/core/rules/access.rules";
import { checkLinks, linksToCheck } from "@care/core/rules/links.rules";
import {
  takenIdError,
  staleVersionError,
  validateClientId,
  validateCreate,
  validateUpdate,
} from "@care/core/rules/records.rules";
import { feeEntryError } from "@care/core/rules/referral-deadlines.rules";
import { facilityChangeRefusal } from "@care/core/rules/transfer.rules";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { grantSummary, userRoleGrantError, withGrant } from "@care/core/rules/grants.rules";
import { generateOneTimePassword, oneTimePasswordExpiry, staffLinkError } from "@care/core/rules/users.rules";
import type { TOneTimePassword } from "@care/core/ports/auth.port";
import { userCreatedAuditEntry, userSignedInAuditEntry } from "../../src/account-audit.ts";
import { accountsToDerive } from "../../src/rent-accounts.ts";
import { historyChangeOf, historyRowId } from "../../src/derived-records.ts";
import { stayChange } from "@care/core/rules/rent.rules";
import { billCurrentMonths, billResident, deriveAccount } from "./rent-billing.ts";
import {
  changeOneTimePassword as changeOneTimePasswordOf,
  claimOneTimePassword as claimOneTimePasswordOf,
  ONE_TIME_PASSWORDS_COLLECTION,
  oneTimePasswordRecord,
} from "./one-time-passwords.ts";
import { BYTES_GONE_OUTSIDE_PORTAL, fileOfObject, fileRemovedAuditEntry } from "../../src/file-audit.ts";
import { checkFileBytes, REJECTED_FIELD, type TFileBytesStore } from "../../src/file-bytes-check.ts";
import { checkedFieldsOf } from "../../src/checked-fields.ts";
import {
  AUDITED_FIELD,
  FILE_REMOVED_BY_FIELD,
  FILES_COLLECTION,
  fromStoredData,
  toStoredData,
} from "../../src/firestore-records.ts";
import { mergeRestricted, restrictedPartOf, restrictedParts } from "../../src/restricted-fields.ts";
import { claimsDiffer, userClaims } from "../../src/user-claims.ts";
import { KEPT_SESSION_CLAIM, KEPT_SESSION_FIELD, SESSIONS_FROM_FIELD, sessionLive } from "../../src/user-sessions.ts";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { busyTimeElsewhere, busyWindow, parseScheduleWeekQuery } from "@care/core/insights/schedule-week";
import type { TBusyTime } from "@care/core/rules/schedule.rules";
import {
  hasProspectKeys,
  parseReferralMatchesQuery,
  referralMatchesOf,
  lastNameSpellings,
  type TProspectKeys,
  type TReferralMatches,
} from "@care/core/rules/referral-matches.rules";
import {
  hiddenSisters,
  isOpenReferral,
  justMovedIn,
  prospectKeysOf,
  sisterClosePatch,
} from "@care/core/rules/referral-move-in.rules";

initializeApp();

/**
 * The meta times of a document a function writes now, stored as every writer stores them (server
 * timestamps, docs/firebase.md): this write's time for the times it sets, the stored ones (`kept`, the
 * document as read) for those it keeps.
 */
function serverTimes(kept?: FirebaseFirestore.DocumentData): Record<string, unknown> {
  const now = FieldValue.serverTimestamp();
  return { createdAt: kept?.createdAt ?? now, updatedAt: now, archivedAt: kept?.archivedAt ?? null, _writtenAt: now };
}

const HTTPS_CODES: Record<TErrorCode, FunctionsErrorCode> = {
  VALIDATION: "invalid-argument",
  NOT_FOUND: "not-found",
  CONFLICT: "already-exists",
  UNAUTHENTICATED: "unauthenticated",
  FORBIDDEN: "permission-denied",
  RATE_LIMITED: "resource-exhausted",
  PAYLOAD_TOO_LARGE: "invalid-argument",
  UNSUPPORTED_MEDIA_TYPE: "invalid-argument",
  UNAVAILABLE: "unavailable",
  INTERNAL: "internal",
};

/** An AppError as the callable's error; the client adapter reads the AppError back from `details`. */
function httpsError(error: AppError): HttpsError {
  return new HttpsError(HTTPS_CODES[error.code], error.message, error.toBody());
}

/** The users record's session fields that end every session now (user-sessions.ts). */
function sessionsEndNow(): Record<string, unknown> {
  return { [SESSIONS_FROM_FIELD]: FieldValue.serverTimestamp(), [KEPT_SESSION_FIELD]: null };
}

/**
 * A caller's active flag, facilities and role permissions as stored in Firestore now; null when
 * inactive or unknown. UNAUTHENTICATED when their session has ended, as the rules refuse it.
 */
async function currentAccess(auth: { uid: string; token: Record<string, unknown> }): Promise<{
  email: string | null;
  role: string;
  facilityIds: string[] | null;
  permissions: TPermissions;
  actions: TAction[];
  mustChangePassword: boolean;
} | null> {
  const user = (await getFirestore().doc(`users/${auth.uid}`).get()).data();
  if (!user || user.active !== true) return null;
  if (!sessionLive(user, auth.token))
    throw new AppError("UNAUTHENTICATED", "Your session has ended. Please sign in again.");
  const role = (
    await getFirestore()
      .doc(`roles/${String(user.role)}`)
      .get()
  ).data();
  return {
    email: typeof user.email === "string" ? user.email : null,
    role: String(user.role),
    facilityIds: Array.isArray(user.facilityIds) ? (user.facilityIds as string[]) : null,
    permissions: ZPermissions.parse(role?.permissions ?? {}),
    actions: actionsListed(role?.actions),
    mustChangePassword: user.mustChangePassword === true,
  };
}

/**
 * The calling user's uid and facilities, as stored in Firestore now (not as their ID token, up to an
 * hour old, says): FORBIDDEN unless their role may manage users, or while on a one-time password.
 */
async function adminOf(auth: { uid: string; token: Record<string, unknown> } | undefined): Promise<{
  uid: string;
  email: string | null;
  facilityIds: string[] | null;
  permissions: TPermissions;
  actions: TAction[];
}> {
  if (!auth) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  const me = await currentAccess(auth);
  if (!me || me.permissions.users !== "write")
    throw new AppError("FORBIDDEN", "Only a user who may manage users may manage accounts.");
  if (me.mustChangePassword)
    throw new AppError("FORBIDDEN", "Choose your own password before you continue.", {
      reason: "PASSWORD_CHANGE_REQUIRED",
    });
  return {
    uid: auth.uid,
    email: me.email,
    facilityIds: me.facilityIds,
    permissions: me.permissions,
    actions: me.actions,
  };
}

/**
 * A new user's staff record, as the declared link and `staffLinkError` check an edit's: one the
 * administrator may see, of a facility the user may see. VALIDATION on `staffId` otherwise.
 */
async function assertStaffLink(
  caller: { facilityIds: string[] | null },
  fields: { staffId?: string | undefined; facilityIds: string[] | null },
): Promise<void> {
  if (fields.staffId === undefined) return;
  const staff = (await getFirestore().doc(`staff/${fields.staffId}`).get()).data();
  if (!staff || !canSeeFacility(caller, String(staff.facilityId)))
    throw new AppError("VALIDATION", "The user is not valid.", { fields: { staffId: "No such staff member" } });
  const refused = staffLinkError(fields, staff);
  if (refused) throw refused;
}

/** The role a new user is given: it exists (VALIDATION otherwise), its permissions as stored. */
async function roleToGive(role: string): Promise<Record<string, unknown>> {
  const snapshot = await getFirestore().doc(`roles/${role}`).get();
  if (!snapshot.exists)
    throw new AppError("VALIDATION", "Choose one of the group's roles.", { fields: { role: "No such role" } });
  return snapshot.data() ?? {};
}

export const createUser = onCall(async (request): Promise<TOneTimePassword> => {
  try {
    const caller = await adminOf(request.auth);
    const parsed = ZUserInvite.safeParse(request.data);
    if (!parsed.success) throw validationError(parsed.error);
    const beyond = userRoleGrantError(caller, undefined, await roleToGive(parsed.data.role));
    if (beyond) throw beyond;
    const fields = { ...parsed.data, active: true, mustChangePassword: true, lastSignInAt: null };
    const password = generateOneTimePassword();
    const callerFacilities = caller.facilityIds;
    assertCanGrantFacilities({ facilityIds: callerFacilities }, undefined, fields.facilityIds);
    await assertStaffLink(caller, fields);
    // Firestore's "in" filter (how a limited user's lists are restricted) takes at most 30 values.
    if (fields.facilityIds && fields.facilityIds.length > MAX_IN_VALUES) {
      throw new AppError("VALIDATION", "Some fields need attention.", {
        fields: {
          facilityIds: `On Firebase a user may be limited to at most ${MAX_IN_VALUES} facilities; give all facilities instead`,
        },
      });
    }
    const auth = getAuth();
    const account = await auth
      .createUser({
        email: fields.email,
        password,
        disabled: !fields.active,
        ...(fields.displayName ? { displayName: fields.displayName } : {}),
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === "auth/email-already-exists") {
          throw new AppError("CONFLICT", `A user with the e-mail ${fields.email} already exists.`, {
            fields: { email: "This e-mail is already in use" },
          });
        }
        throw error;
      });
    const expiresAt = oneTimePasswordExpiry(new Date());
    await auth.setCustomUserClaims(account.uid, { ...userClaims(fields), mustChangePassword: true });
    const now = new Date().toISOString();
    const record = {
      ...fields,
      id: account.uid,
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: caller.uid,
      updatedBy: caller.uid,
      archivedAt: null,
    };
    const def = getCollection("users");
    const db = getFirestore();
    const ref = db.doc(`users/${account.uid}`);
    // The record and the audit row naming the administrator, at once (the trigger would see only the Admin SDK).
    const auditRef = db.collection("auditLog").doc();
    const row = userCreatedAuditEntry(
      auditRef.id,
      { id: caller.uid, email: caller.email },
      { id: account.uid, role: fields.role, facilityIds: fields.facilityIds },
    );
    await db
      .batch()
      .set(ref, { ...toStoredData(def, record), ...serverTimes() })
      .set(auditRef, {
        ...toStoredData(getCollection("auditLog"), row),
        ...serverTimes(),
        at: FieldValue.serverTimestamp(),
      })
      .set(db.doc(`${ONE_TIME_PASSWORDS_COLLECTION}/${account.uid}`), oneTimePasswordRecord(password, expiresAt))
      .commit();
    return {
      user: fromStoredData(def, account.uid, (await ref.get()).data()!) as TRecordOf<"users">,
      oneTimePassword: password,
      expiresAt: expiresAt.toISOString(),
    };
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

export const resetPassword = onCall(async (request): Promise<TOneTimePassword> => {
  try {
    const caller = await adminOf(request.auth);
    const userId = (request.data as { userId?: unknown } | null)?.userId;
    const notFound = new AppError("NOT_FOUND", "This user does not exist or was removed.");
    if (typeof userId !== "string" || userId.length === 0 || userId.length > 128) throw notFound;
    const def = getCollection("users");
    const ref = getFirestore().doc(`users/${userId}`);
    const snapshot = await ref.get();
    if (!snapshot.exists) throw notFound;
    const before = fromStoredData(def, userId, snapshot.data()!);
    if (
      !canSeeRecord(
        {
          ...caller,
          id: caller.uid,
          email: "",
          displayName: null,
          role: ADMINISTRATOR_ROLE_ID,
          roleName: "",
          permissions: permissionsAt("write"),
        },
        usersCollection,
        before,
      )
    )
      throw notFound;
    if (userId === caller.uid)
      throw new AppError("FORBIDDEN", "Change your own password under My account; it needs your current one.");
    // A one-time password opens the account: only for a user holding no more than the administrator.
    const held =
      (
        await getFirestore()
          .doc(`roles/${String(before.role)}`)
          .get()
      ).data() ?? {};
    const beyond = userRoleGrantError(caller, held, held);
    if (beyond) throw beyond;
    const password = generateOneTimePassword();
    const auth = getAuth();
    await auth.updateUser(userId, { password });
    const account = await auth.getUser(userId);
    const expiresAt = oneTimePasswordExpiry(new Date());
    await auth.setCustomUserClaims(userId, { ...(account.customClaims ?? {}), mustChangePassword: true });
    await auth.revokeRefreshTokens(userId);
    const now = new Date().toISOString();
    const record = {
      ...before,
      mustChangePassword: true,
      version: Number(before.version) + 1,
      updatedAt: now,
      updatedBy: caller.uid,
    };
    // The sessions end now, not when their ID tokens expire: the rules compare their sign-in with this time.
    // The new one-time password replaces the old one's record, claimed or not.
    await getFirestore()
      .batch()
      .set(ref, { ...toStoredData(def, record), ...serverTimes(snapshot.data()), ...sessionsEndNow() })
      .set(getFirestore().doc(`${ONE_TIME_PASSWORDS_COLLECTION}/${userId}`), oneTimePasswordRecord(password, expiresAt))
      .commit();
    return {
      user: fromStoredData(def, userId, (await ref.get()).data()!) as TRecordOf<"users">,
      oneTimePassword: password,
      expiresAt: expiresAt.toISOString(),
    };
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

/** The one sign-in a one-time password allows claims it, keeping only its own session (one-time-passwords.ts). */
export const claimOneTimePassword = onCall(async (request): Promise<{ token: string }> => {
  try {
    return await claimOneTimePasswordOf(request.auth);
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

/** The kept session replaces its one-time password with the user's own (one-time-passwords.ts). */
export const changeOneTimePassword = onCall(async (request): Promise<{ token: string }> => {
  try {
    return await changeOneTimePasswordOf(request.auth, request.data);
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

/**
 * Ends every session of the caller's at once (the rules compare a session's sign-in with the users
 * record's `_sessionsFrom`) but the one that signs in with the custom token answered, whose
 * `keptSession` claim the record names (user-sessions.ts). The refresh tokens are revoked as well.
 */
export const endOtherSessions = onCall(async (request): Promise<{ token: string }> => {
  try {
    const caller = request.auth;
    // Not on a one-time password: only the session its claim kept may go on (one-time-passwords.ts).
    await signedInAccess(caller);
    if (!caller) throw new AppError("UNAUTHENTICATED", "Please sign in.");
    const kept = crypto.randomUUID();
    await getAuth().revokeRefreshTokens(caller.uid);
    await getFirestore()
      .doc(`users/${caller.uid}`)
      .update({ ...sessionsEndNow(), [KEPT_SESSION_FIELD]: kept });
    return { token: await getAuth().createCustomToken(caller.uid, { [KEPT_SESSION_CLAIM]: kept }) };
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

/**
 * The caller has just signed in: their record's `lastSignInAt` is Firebase Auth's time of that sign-in
 * (not one the browser says), with the `login` audit row the server writes (a trigger on sign-in itself
 * needs Identity Platform's blocking functions). Nothing for a deactivated or unknown user.
 */
export const recordSignIn = onCall(async (request): Promise<null> => {
  try {
    const caller = request.auth;
    if (!caller) throw new AppError("UNAUTHENTICATED", "Please sign in.");
    const db = getFirestore();
    const ref = db.doc(`users/${caller.uid}`);
    const user = (await ref.get()).data();
    if (!user || user.active !== true) return null;
    const account = await getAuth().getUser(caller.uid);
    const signedInAt = new Date(account.metadata.lastSignInTime ?? Date.now()).toISOString();
    const auditRef = db.collection("auditLog").doc();
    const row = userSignedInAuditEntry(auditRef.id, { id: caller.uid, email: account.email ?? null });
    await db
      .batch()
      .update(ref, { lastSignInAt: signedInAt })
      .set(auditRef, {
        ...toStoredData(getCollection("auditLog"), row),
        ...serverTimes(),
        at: FieldValue.serverTimestamp(),
      })
      .commit();
    return null;
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

/** The caller's access as stored now: UNAUTHENTICATED without an active account, FORBIDDEN on a one-time password. */
async function signedInAccess(
  auth: { uid: string; token: Record<string, unknown> } | undefined,
): Promise<NonNullable<Awaited<ReturnType<typeof currentAccess>>>> {
  if (!auth) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  const me = await currentAccess(auth);
  if (!me) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  if (me.mustChangePassword)
    throw new AppError("FORBIDDEN", "Choose your own password before you continue.", {
      reason: "PASSWORD_CHANGE_REQUIRED",
    });
  return me;
}

/**
 * The group-wide duplicate check of referrals: the rules hide other homes from the browser, so this
 * callable (Admin SDK) reads every home's referrals by date of birth, phone and e-mail (single-field
 * indexes) and answers as the server does — matches in the caller's homes named, the others counted with
 * the home's administrator to ask, never the prospect's data there.
 */
export const referralMatches = onCall(async (request): Promise<TReferralMatches> => {
  try {
    const me = await signedInAccess(request.auth);
    if (me.permissions.referrals === "none") throw new AppError("FORBIDDEN", "You don't have access to referrals.");
    const keys = parseReferralMatchesQuery(request.data);
    if (!hasProspectKeys(keys)) return { matches: [], elsewhere: [] };
    const db = getFirestore();
    const candidates = await referralCandidates(keys);
    const facilityIds = [...new Set(candidates.map((r) => r.facilityId))];
    const agentIds = [...new Set(candidates.flatMap((r) => (r.agentId ? [r.agentId] : [])))];
    const [homes, agents] = await Promise.all([
      Promise.all(facilityIds.map((id) => db.doc(`facilities/${id}`).get())),
      Promise.all(agentIds.map((id) => db.doc(`referralAgents/${id}`).get())),
    ]);
    const homeOf = new Map(homes.map((doc) => [doc.id, doc.data()]));
    const agentOf = new Map(agents.map((doc) => [doc.id, doc.data()]));
    return referralMatchesOf(candidates, keys, {
      canSee: (id) => me.facilityIds === null || me.facilityIds.includes(id),
      facility: (id) => {
        const home = homeOf.get(id);
        return (
          home && {
            name: String(home.name),
            administrator: typeof home.administrator === "string" ? home.administrator : undefined,
          }
        );
      },
      agentName: (id) => {
        const name = agentOf.get(id)?.name;
        return typeof name === "string" ? name : undefined;
      },
    });
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

/**
 * The referrals of every home sharing a key with the prospect (date of birth, phone, e-mail, or the last
 * name when only a name is typed: single-field indexes), not archived; the shared rule decides which are the same person.
 */
async function referralCandidates(keys: TProspectKeys): Promise<TRecordOf<"referrals">[]> {
  const db = getFirestore();
  const def = getCollection("referrals");
  const byKey = (field: string, value: string | string[] | undefined) =>
    value === undefined
      ? Promise.resolve([])
      : db
          .collection("referrals")
          .where(field, Array.isArray(value) ? "in" : "==", value)
          .limit(50)
          .get()
          .then((snap) => snap.docs);
  const docs = (
    await Promise.all([
      byKey("dateOfBirth", keys.person?.dateOfBirth),
      byKey("phone", keys.phone),
      byKey("email", keys.email),
      // A name alone (a possible duplicate): the last name in its usual spellings.
      byKey("lastName", keys.name ? lastNameSpellings(keys.name.lastName) : undefined),
    ])
  ).flat();
  return docs
    .map((doc) => fromStoredData(def, doc.id, doc.data()) as TRecordOf<"referrals">)
    .filter((r) => r.archivedAt === null);
}

/**
 * A referral that moved in closes its prospect's other open referrals as "moved to a sister home": the
 * mover's batch closes the ones the rules let them change, and this closes the rest (the homes hidden
 * from them) with the Admin SDK, as the server does in its transaction. Each close is a transaction
 * on the referral's current version; the audit and history triggers record it as the server's.
 */
export const closeSisterReferrals = onDocumentWritten("referrals/{id}", async (event) => {
  const def = getCollection("referrals");
  const afterData = event.data?.after.data();
  if (!afterData) return;
  const referral = fromStoredData(def, event.params.id, afterData) as TRecordOf<"referrals">;
  const beforeData = event.data?.before.data();
  const before = beforeData ? (fromStoredData(def, event.params.id, beforeData) as TRecordOf<"referrals">) : undefined;
  if (!justMovedIn(referral, before)) return;
  const keys = prospectKeysOf(referral);
  if (!hasProspectKeys(keys)) return;
  const db = getFirestore();
  const moveInDate = referral.moveInDate ?? new Date().toISOString().slice(0, 10);
  for (const sister of hiddenSisters(referral, await referralCandidates(keys), () => false)) {
    await db.runTransaction(async (tx) => {
      const ref = db.doc(`referrals/${sister.id}`);
      const snap = await tx.get(ref);
      const data = snap.data();
      if (!data) return;
      const current = fromStoredData(def, sister.id, data) as TRecordOf<"referrals">;
      if (!isOpenReferral(current)) return;
      tx.update(ref, {
        ...sisterClosePatch(current, moveInDate),
        version: current.version + 1,
        updatedAt: FieldValue.serverTimestamp(),
        updatedBy: null,
        _writtenAt: FieldValue.serverTimestamp(),
      });
    });
  }
});

/**
 * The shifts in the group's other homes of the people working at a home, around a week, as busy time
 * only (who and when): the double-booking check of a manager who may not read those homes. The caller
 * must be able to change that home's rota; a reader of published weeks gets nothing (they see no checks).
 */
export const scheduleBusyTime = onCall(async (request): Promise<TBusyTime[]> => {
  try {
    const query = parseScheduleWeekQuery(request.data);
    const me = await signedInAccess(request.auth);
    if (me.permissions.schedules === "none") throw new AppError("FORBIDDEN", "You don't have access to schedules.");
    if (me.facilityIds !== null && !me.facilityIds.includes(query.facilityId))
      throw new AppError("NOT_FOUND", "That facility does not exist or is not yours to see.");
    if (me.permissions.schedules !== "write") return [];
    const db = getFirestore();
    const staffDef = getCollection("staff");
    const [home, elsewhere, facilities] = await Promise.all([
      db.collection("staff").where("facilityId", "==", query.facilityId).get(),
      db.collection("staff").where("otherFacilityIds", "array-contains", query.facilityId).get(),
      db.collection("facilities").get(),
    ]);
    const working = [...home.docs, ...elsewhere.docs]
      .map((doc) => fromStoredData(staffDef, doc.id, doc.data()) as TRecordOf<"staff">)
      .filter((s) => s.archivedAt === null && s.status !== "terminated")
      .map((s) => s.id);
    const ids = [...new Set(working)];
    const { from, to } = busyWindow(query.weekStart);
    const shiftDef = getCollection("shifts");
    const chunks = Array.from({ length: Math.ceil(ids.length / MAX_IN_VALUES) }, (_, i) =>
      ids.slice(i * MAX_IN_VALUES, (i + 1) * MAX_IN_VALUES),
    );
    const shifts = (
      await Promise.all(
        chunks.map((chunk) =>
          db.collection("shifts").where("staffId", "in", chunk).where("date", ">=", from).where("date", "<=", to).get(),
        ),
      )
    )
      .flatMap((snap) => snap.docs.map((doc) => fromStoredData(shiftDef, doc.id, doc.data()) as TRecordOf<"shifts">))
      .filter((s) => s.archivedAt === null);
    const zoneOf = new Map(facilities.docs.map((doc) => [doc.id, String(doc.data().timeZone ?? DEFAULT_TIME_ZONE)]));
    const nameOf = new Map(facilities.docs.map((doc) => [doc.id, String(doc.data().name ?? "")]));
    const seen = (id: string) => (me.facilityIds === null || me.facilityIds.includes(id) ? nameOf.get(id) : undefined);
    return busyTimeElsewhere(
      query.facilityId,
      query.weekStart,
      shifts,
      (id) => zoneOf.get(id) ?? DEFAULT_TIME_ZONE,
      seen,
    );
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

/** The session of a caller as the shared access rules take it, from their account as stored now. */
function sessionOf(
  uid: string,
  me: NonNullable<Awaited<ReturnType<typeof currentAccess>>>,
  tokenEmail: unknown,
): TSessionUser {
  const email = typeof tokenEmail === "string" ? tokenEmail : (me.email ?? "");
  return {
    id: uid,
    email,
    displayName: null,
    role: me.role,
    roleName: "",
    permissions: me.permissions,
    actions: me.actions,
    facilityIds: me.facilityIds,
  };
}

/** A record's document as stored, with the restricted fields of its sibling documents (read in `tx`). */
async function readRecord(
  tx: FirebaseFirestore.Transaction,
  def: CollectionDef,
  snap: FirebaseFirestore.DocumentSnapshot,
): Promise<(Record<string, unknown> & { id: string }) | null> {
  const data = snap.data();
  if (!data) return null;
  let record = fromStoredData(def, snap.id, data);
  for (const part of restrictedParts(def)) {
    const sibling = await tx.get(getFirestore().doc(`${part.collection}/${snap.id}`));
    record = mergeRestricted(def, record, part, sibling.data());
  }
  return record;
}

/**
 * A fee entry checked against its referral's fee as stored (the server's `assertFeeEntryAllowed`): the
 * referral with its first month's rent, the agent's terms, the referral's other live entries and the
 * agent's other live invoices, read in the write's transaction. Firestore's transactions are
 * serializable, so two entries for the same referral or invoice number written at once take turns.
 */
async function feeEntryCheck(
  tx: FirebaseFirestore.Transaction,
  id: string,
  fields: Record<string, unknown>,
): Promise<AppError | null> {
  const db = getFirestore();
  const entry = fields as Parameters<typeof feeEntryError>[0] & { referralId: string };
  const fees = db.collection("referralFees").where("archivedAt", "==", null);
  const [referralSnap, termsSnap, entries, invoices] = await Promise.all([
    tx.get(db.doc(`referrals/${entry.referralId}`)),
    tx.get(db.doc(`agentFeeTerms/${entry.agentId}`)),
    tx.get(fees.where("referralId", "==", entry.referralId)),
    tx.get(fees.where("agentId", "==", entry.agentId).where("kind", "==", "invoice")),
  ]);
  const referral = (await readRecord(tx, getCollection("referrals"), referralSnap)) as TRecordOf<"referrals"> | null;
  if (!referral) return null; // the link check names the missing referral
  const terms = termsSnap.data();
  const others = (snap: FirebaseFirestore.QuerySnapshot) =>
    snap.docs
      .filter((doc) => doc.id !== id)
      .map((doc) => fromStoredData(getCollection("referralFees"), doc.id, doc.data()) as TRecordOf<"referralFees">);
  return feeEntryError(entry, {
    referral,
    terms: terms && (fromStoredData(getCollection("agentFeeTerms"), termsSnap.id, terms) as TRecordOf<"agentFeeTerms">),
    entries: others(entries),
    agentInvoices: others(invoices),
    today: new Date().toISOString().slice(0, 10),
  });
}

/**
 * The checks of the collections with checked fields (checked-fields.ts), by collection: the server's
 * WRITE_CHECKS, and none beyond the schema's for a list the rules cannot afford to check.
 */
const WRITE_CHECKS: Partial<
  Record<
    TCollectionName,
    (tx: FirebaseFirestore.Transaction, id: string, fields: Record<string, unknown>) => Promise<AppError | null>
  >
> = { referralFees: feeEntryCheck, trainingRequirements: async () => null };

/** What the adapter asks `writeCheckedRecord` for: a create (`data`, `id`) or an update (`id`, `version`, `patch`). */
interface TCheckedWriteRequest {
  collection?: unknown;
  op?: unknown;
  id?: unknown;
  data?: unknown;
  version?: unknown;
  patch?: unknown;
}

/**
 * Creates or updates a record of a collection whose writes are checked against other records
 * (`access.checkedFields`: a fee entry never pays a fee twice), which the rules cannot do: the checks of
 * the data port (access with the caller's role and homes as stored now, the schema, links) and the
 * collection's check, in one Admin SDK transaction with the record's document (as the adapter stores
 * it, at the server's times) and its audit row naming the caller, as the server writes both. Answers
 * the record as stored.
 */
export const writeCheckedRecord = onCall(async (request): Promise<Record<string, unknown>> => {
  try {
    const me = await signedInAccess(request.auth);
    const user = sessionOf(request.auth!.uid, me, request.auth!.token.email);
    const asked = (request.data ?? {}) as TCheckedWriteRequest;
    const name = typeof asked.collection === "string" ? asked.collection : "";
    const check = isCollectionName(name) ? WRITE_CHECKS[name] : undefined;
    if (!check || !checkedFieldsOf(getCollection(name as TCollectionName)))
      throw new AppError("NOT_FOUND", `There is no collection named ${name} written by this function.`);
    const def: CollectionDef = getCollection(name as TCollectionName);
    assertCanWrite(user, def);
    const db = getFirestore();
    const patchOf = asked.op === "create" ? asked.data : asked.patch;
    if (patchOf && typeof patchOf === "object") assertCanWriteFields(user, def, patchOf as Record<string, unknown>);
    const written = await db.runTransaction(async (tx) => {
      let ref: FirebaseFirestore.DocumentReference;
      let record: Record<string, unknown> & { id: string };
      let before: (Record<string, unknown> & { id: string }) | undefined;
      let stored: FirebaseFirestore.DocumentData | undefined;
      const now = new Date().toISOString();
      if (asked.op === "create") {
        const fields = validateCreate(def, asked.data);
        const clientId = validateClientId(def, typeof asked.id === "string" ? asked.id : undefined, fields);
        ref = clientId ? db.doc(`${def.name}/${clientId}`) : db.collection(def.name).doc();
        const taken = clientId ? await tx.get(ref) : undefined;
        if (taken?.exists) throw takenIdError(def, ref.id, canSeeRecord(user, def, { ...taken.data(), id: ref.id }));
        record = {
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
          id: ref.id,
          ...newRecordMeta(user.id, now),
        };
      } else if (asked.op === "update" && typeof asked.id === "string" && typeof asked.version === "number") {
        ref = db.doc(`${def.name}/${asked.id}`);
        const snap = await tx.get(ref);
        stored = snap.data();
        before = (await readRecord(tx, def, snap)) ?? undefined;
        if (!before || !canSeeRecord(user, def, before))
          throw new AppError("NOT_FOUND", `That ${def.label.toLowerCase()} does not exist or was removed.`);
        if (before.version !== asked.version) throw staleVersionError(def, before);
        const fields = validateUpdate(def, before, asked.patch);
        const moving = facilityChangeRefusal(def.name, fields, before);
        if (moving) throw moving;
        record = {
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
          id: before.id,
          version: Number(before.version) + 1,
          createdAt: before.createdAt,
          updatedAt: now,
          createdBy: before.createdBy ?? null,
          updatedBy: user.id,
          archivedAt: before.archivedAt ?? null,
        };
      } else {
        throw new AppError("VALIDATION", "Ask for a create, or an update of a record at its version.");
      }
      assertCanWriteRecord(user, def, record);
      // The links, as the data port checks them: what a record names exists and the caller may see it.
      const linked = new Map<string, Record<string, unknown> | null>();
      for (const { target, id } of linksToCheck(def, record, before)) {
        const targetDef = getCollection(target.collection as TCollectionName);
        const found = await readRecord(tx, targetDef, await tx.get(db.doc(`${target.collection}/${id}`)));
        linked.set(`${target.collection}/${id}`, found && canSeeRecord(user, targetDef, found) ? found : null);
      }
      const broken = checkLinks(def, record, (collection, id) => linked.get(`${collection}/${id}`) ?? null, before);
      if (broken) throw broken;
      const refused = await check(tx, ref.id, record);
      if (refused) throw refused;
      const auditRef = db.collection("auditLog").doc();
      const data = { ...toStoredData(def, record), ...serverTimes(stored), [AUDITED_FIELD]: auditRef.id };
      const row = changeAuditEntry(auditRef.id, { id: user.id, email: user.email }, def.name, ref.id, stored, data);
      tx.set(ref, data);
      tx.set(auditRef, {
        ...toStoredData(getCollection("auditLog"), row),
        ...serverTimes(),
        at: FieldValue.serverTimestamp(),
      });
      return ref;
    });
    return fromStoredData(def, written.id, (await written.get()).data()!);
  } catch (error) {
    if (isAppError(error)) throw httpsError(error);
    throw error;
  }
});

export const syncUserClaims = onDocumentWritten("users/{uid}", async (event) => {
  const after = event.data?.after.data();
  const uid = event.params.uid;
  const auth = getAuth();
  if (!after) {
    await auth.updateUser(uid, { disabled: true }).catch(() => undefined);
    return;
  }
  const account = await auth.getUser(uid);
  // A deactivation first, before anything that could fail: the account is disabled and its sessions end.
  const disabled = after.active === false;
  if (account.disabled !== disabled || account.email !== after.email) {
    await auth.updateUser(uid, { disabled, ...(typeof after.email === "string" ? { email: after.email } : {}) });
  }
  if (disabled) await auth.revokeRefreshTokens(uid);
  const current = account.customClaims ?? {};
  const wanted = userClaims(after);
  if (claimsDiffer(current, wanted)) {
    await auth.setCustomUserClaims(uid, { ...current, ...wanted });
    // Sessions end at once when access changes; the client signs in again and gets the new claims.
    if (!disabled) await auth.revokeRefreshTokens(uid);
  }
});

/**
 * Who made a write a trigger sees and their account, when it still exists: `writer` when given (a
 * record's `updatedBy`, which the rules pin to the caller's uid on every client create and update),
 * else the write's auth context (null for the Admin SDK or an unknown caller; the emulator gives none).
 */
async function actorOf(event: { authType: string; authId?: string | undefined }, writer?: unknown) {
  const actorId = typeof writer === "string" ? writer : event.authType === "unknown" ? null : (event.authId ?? null);
  const actor = actorId
    ? await getAuth()
        .getUser(actorId)
        .catch(() => null)
    : null;
  return { actorId, actor };
}

/** The stored fields a change touched, followed by what it grants (grants.rules), if anything. */
function changeSummary(
  changed: string[],
  name: string,
  before: FirebaseFirestore.DocumentData | undefined,
  after: FirebaseFirestore.DocumentData | undefined,
): string | null {
  const grant = after ? grantSummary(name, before, after) : "";
  if (changed.length === 0 && grant === "") return null;
  return withGrant(changed.length > 0 ? `Changed: ${changed.join(", ")}` : "Created", grant).slice(0, 2000);
}

/**
 * The audit row of a change of a record's document (`before` and `after` as stored, absent when there
 * is none): created, removed, archived or updated, in which facility, which stored fields changed, by
 * `actor`. Its times are placeholders: the writer stores the server's.
 */
function changeAuditEntry(
  id: string,
  actor: { id: string | null; email: string | null },
  name: string,
  recordId: string,
  before: FirebaseFirestore.DocumentData | undefined,
  after: FirebaseFirestore.DocumentData | undefined,
): Record<string, unknown> & { id: string } {
  const action = !before ? "create" : !after ? "remove" : after.archivedAt && !before.archivedAt ? "archive" : "update";
  const changed =
    before && after
      ? Object.keys({ ...before, ...after }).filter(
          (k) => !k.startsWith("_") && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
        )
      : [];
  const facility = (after ?? before)?._facility;
  const now = new Date().toISOString();
  return {
    id,
    at: now,
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    collection: name,
    recordId,
    facilityId: typeof facility === "string" ? facility : null,
    summary: changeSummary(changed, name, before, after),
    ip: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: actor.id,
    updatedBy: actor.id,
    archivedAt: null,
  };
}

export const auditChanges = onDocumentWrittenWithAuthContext("{collection}/{id}", async (event) => {
  // A sibling document of restricted fields (`residents__rent`) is part of its record: any write of it
  // is an update of the record naming the fields it changed (nothing when only its facility moved).
  const sibling = restrictedPartOf(event.params.collection);
  const name = sibling?.def.name ?? event.params.collection;
  if (!isCollectionName(name) || name === "auditLog") return;
  const before = event.data?.before.data() ?? (sibling ? {} : undefined);
  const after = event.data?.after.data() ?? (sibling ? {} : undefined);
  if (!before && !after) return;
  const action = !before ? "create" : !after ? "remove" : after.archivedAt && !before.archivedAt ? "archive" : "update";
  const changed =
    before && after
      ? Object.keys({ ...before, ...after }).filter(
          (k) => !k.startsWith("_") && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
        )
      : [];
  // A write of private fields only (a rent account found current again, a file's folder) changes nothing shown.
  if (action === "update" && changed.length === 0) return;
  // A user's sign-in time alone has its `login` row (recordSignIn).
  if (before && after && changed.every((field) => name === "users" && field === "lastSignInAt")) return;
  // A deletion has no author field: its auth context names who. A restricted-fields document is
  // written only with its record, whose author it takes when the record was written by that request.
  let writer = after?.updatedBy;
  if (sibling && after) {
    const record = (await getFirestore().doc(`${name}/${event.params.id}`).get()).data();
    if (record && String(record._writtenAt?.valueOf()) === String(after._writtenAt?.valueOf()))
      writer = record.updatedBy;
  }
  // A function that wrote its own row naming its caller, in the same commit, marked the write with it.
  const audited = after?.[AUDITED_FIELD];
  if (typeof audited === "string" && audited !== before?.[AUDITED_FIELD]) return;
  const { actorId, actor } = await actorOf(event, writer);
  // The change's own time (when it was committed), not this function's, which runs seconds later.
  // The write's own server time (`_writtenAt`, which the rules pin to it), finer than the event's, so two
  // quick changes of one record keep their order; a deletion has none.
  const writtenAt = after?._writtenAt;
  const changedAt = writtenAt instanceof Timestamp ? writtenAt.toDate() : new Date(event.time);
  const now = changedAt.toISOString();
  const ref = getFirestore().collection("auditLog").doc();
  const entry = changeAuditEntry(
    ref.id,
    { id: actorId, email: actor?.email ?? null },
    name,
    event.params.id,
    before,
    after,
  );
  if (sibling && entry.summary === null) return;
  await ref.set({
    ...toStoredData(getCollection("auditLog"), entry),
    ...serverTimes(),
    at: Timestamp.fromDate(changedAt),
  });

  // The record's history (values included, kept with its facility), for the collections that keep one,
  // under the id of the version written (the adapter waits for it; a repeated event writes it again).
  // Firestore cannot hide a field of a history row from the record's readers, so restricted fields (in
  // their sibling documents, or left in an old document) are never part of it.
  if (after && !sibling) {
    const def = getCollection(name);
    const record = fromStoredData(def, event.params.id, after);
    const change = historyChangeOf(
      def,
      { id: actorId ?? "", email: actor?.email ?? "unknown", displayName: actor?.displayName ?? null },
      now,
      record,
      before && fromStoredData(def, event.params.id, before),
    );
    if (change) {
      const historyRef = getFirestore()
        .collection("recordChanges")
        .doc(historyRowId(name, event.params.id, Number(record.version)));
      const row = { ...change, id: historyRef.id, version: 1, createdAt: now, updatedAt: now };
      await historyRef.set({
        ...toStoredData(getCollection("recordChanges"), {
          ...row,
          createdBy: actorId,
          updatedBy: actorId,
          archivedAt: null,
        }),
        ...serverTimes(),
        at: Timestamp.fromDate(changedAt),
      });
    }
  }
});

/** The collections whose writes change a resident's money: rent-billing.ts derives from them. */
const RENT_SOURCES = ["rentCharges", "payments", "rentRates", "residents", "residents__rent"] as const;

/**
 * A resident's money after a write of it: a charge or payment re-derives the account(s) it is in; a
 * resident's write (an admission, a stay change, a transfer, a face-sheet rate in `residents__rent`)
 * or a rate bills the resident (rent-billing.ts), as the server does in the write's transaction.
 */
async function deriveRentAfter(
  collection: (typeof RENT_SOURCES)[number],
  id: string,
  before: FirebaseFirestore.DocumentData | undefined,
  after: FirebaseFirestore.DocumentData | undefined,
): Promise<void> {
  if (collection === "residents") {
    const change =
      before && after && typeof before.admissionDate === "string" && typeof after.admissionDate === "string"
        ? stayChange(before as never, after as never)
        : undefined;
    if (after) await billResident(id, change);
  } else if (collection === "residents__rent") {
    if (after) await billResident(id);
  } else if (collection === "rentRates") {
    const rate = after ?? before;
    if (typeof rate?.residentId === "string" && typeof rate.effectiveFrom === "string")
      await billResident(rate.residentId, {
        sinceMonth: rate.effectiveFrom.slice(0, 7),
        reason: `rate changed from ${rate.effectiveFrom}`,
      });
  } else {
    // A payment line just recorded (created) gets the balance after it, for its receipt.
    const recorded = collection === "payments" && !before && after ? id : undefined;
    for (const account of accountsToDerive(collection, before, after)) await deriveAccount(account, recorded);
  }
}

/**
 * One trigger per collection of `RENT_SOURCES` (deployed as `deriveRent-rentCharges`, …), not one on
 * every document: each write of any other document (an audit row, a history row, the account this
 * writes) would otherwise start a function that does nothing, and the accounts a writer waits for
 * would queue behind them.
 */
export const deriveRent = Object.fromEntries(
  RENT_SOURCES.map((collection) => [
    collection,
    onDocumentWritten(`${collection}/{id}`, (event) =>
      deriveRentAfter(collection, event.params.id, event.data?.before.data(), event.data?.after.data()),
    ),
  ]),
);

/** Each hour, every home's current month in its time zone, as the server's rent schedule bills it. */
export const billCurrentMonthsHourly = onSchedule("every 1 hours", async () => {
  await billCurrentMonths();
});

/** Appends an audit row built by the functions, at the server's time. */
async function appendAuditRow(entry: Record<string, unknown> & { id: string }): Promise<void> {
  await getFirestore()
    .collection("auditLog")
    .doc(entry.id)
    .set({ ...toStoredData(getCollection("auditLog"), entry), ...serverTimes(), at: FieldValue.serverTimestamp() });
}

/**
 * A file removed through the portal: the browser marks its description with the remover, then deletes
 * it (which the rules allow only to the uploader or an administrator, never for a file in use, and only
 * once marked by the caller), then its bytes. The row names who from that mark, as the server's
 * `file_remove` row does: Firestore triggers get no auth context for a deletion, in production either.
 */
export const auditFileRemoval = onDocumentDeletedWithAuthContext(`${FILES_COLLECTION}/{id}`, async (event) => {
  const file = event.data?.data();
  // A description removed with bytes that failed `checkFileBytes`: that function writes the row.
  if (!file || file[REJECTED_FIELD] !== undefined) return;
  // The remover as the rules pinned it (FILE_REMOVED_BY_FIELD): a deletion's event carries no auth.
  const { actorId, actor } = await actorOf(event, file[FILE_REMOVED_BY_FIELD]);
  const row = fileRemovedAuditEntry(
    getFirestore().collection("auditLog").doc().id,
    actorId ? { id: actorId, email: actor?.email ?? null } : null,
    {
      id: event.params.id,
      facilityId: typeof file.facilityId === "string" ? file.facilityId : null,
      contentType: typeof file.contentType === "string" ? file.contentType : null,
    },
  );
  await appendAuditRow(row);
});

/**
 * Bytes of a portal file gone while its description stays: deleted (or, in a bucket with object
 * versioning, deleted or overwritten) outside the portal, where no rule applies. The portal deletes the
 * description first, so its own removals are recorded by `auditFileRemoval` and skipped here.
 */
async function auditBytesGone(event: StorageEvent): Promise<void> {
  const file = fileOfObject(event.data.name);
  if (!file) return;
  if (!(await getFirestore().collection(FILES_COLLECTION).doc(file.id).get()).exists) return;
  const row = fileRemovedAuditEntry(
    getFirestore().collection("auditLog").doc().id,
    null,
    { ...file, contentType: event.data.contentType ?? null },
    BYTES_GONE_OUTSIDE_PORTAL,
  );
  await appendAuditRow(row);
}

/** A portal file's bytes deleted (a bucket without versioning; with soft delete they stay restorable). */
export const auditFileBytesDeleted = onObjectDeleted(auditBytesGone);

/** A portal file's live bytes made noncurrent (a bucket with object versioning: deleted or overwritten). */
export const auditFileBytesArchived = onObjectArchived(auditBytesGone);

/** Cloud Storage and Firestore through the Admin SDK, for `checkFileBytes`. */
function fileBytesStore(bucket: string): TFileBytesStore {
  const files = getFirestore().collection(FILES_COLLECTION);
  return {
    async readHead(objectName, length) {
      const [bytes] = await getStorage()
        .bucket(bucket)
        .file(objectName)
        .download({ start: 0, end: length - 1 })
        // An empty object has no first byte to read (416): it has no type either.
        .catch((error: { code?: unknown }) => (error.code === 416 ? [Buffer.alloc(0)] : Promise.reject(error)));
      return new Uint8Array(bytes);
    },
    async deleteObject(objectName) {
      await getStorage().bucket(bucket).file(objectName).delete({ ignoreNotFound: true });
    },
    async description(fileId) {
      return (await files.doc(fileId).get()).data() ?? null;
    },
    async rejectDescription(fileId, reason) {
      await files.doc(fileId).update({ [REJECTED_FIELD]: reason });
      await files.doc(fileId).delete();
    },
    appendAuditRow,
    newAuditId: () => getFirestore().collection("auditLog").doc().id,
  };
}

/**
 * A portal file's bytes just stored: the browser uploads them straight to Storage, whose rules check only
 * the declared type and size, so their first bytes are sniffed here, as the other backends do before
 * storing; bytes of no accepted type, or of another type than declared, are deleted with their
 * description and recorded (`checkFileBytes`).
 */
export const checkUploadedFileBytes = onObjectFinalized(async (event) => {
  await checkFileBytes(fileBytesStore(event.data.bucket), event.data);
});
