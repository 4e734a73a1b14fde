/** AuthPort over the memory backend: accounts and passwords in the store, the session in the client. */
import { AppError, validationError } from "@care/core/app-error";
import { usersCollection, ZUserInvite, type TUserInvite } from "@care/core/collections/users.collection";
import {
  ZPasswordChange,
  ZSignIn,
  type AuthPort,
  type TAuthState,
  type TOneTimePassword,
  type TPasswordChange,
  type TSessionUser,
  type TSignIn,
} from "@care/core/ports/auth.port";
import type { TRecordOf } from "@care/core/registry";
import {
  assertCanGrantFacilities,
  can,
  canSeeFacility,
  canSeeRecord,
  passwordChangeRequired,
} from "@care/core/rules/access.rules";
import { grantSummary, userRoleGrantError } from "@care/core/rules/grants.rules";
import { generateOneTimePassword, oneTimePasswordExpiry, staffLinkError } from "@care/core/rules/users.rules";
import type { MemoryBackend } from "./memory-backend.ts";
import { copyRecord } from "./memory-copy.ts";
import type { MemorySession } from "./memory-session.ts";

/** The one message for an unknown e-mail, a wrong password and a deactivated account. */
export const SIGN_IN_FAILED = "Wrong e-mail or password.";
const ONE_TIME_PASSWORD_SPENT =
  "This one-time password has expired or was already used. Ask an administrator for a new one.";

export class MemoryAuthAdapter implements AuthPort {
  constructor(
    private readonly backend: MemoryBackend,
    private readonly session: MemorySession,
  ) {}

  current(): TAuthState {
    return this.session.user();
  }

  onChange(listener: (state: TSessionUser | null) => void): () => void {
    const unsubscribe = this.session.onChange(listener);
    listener(this.session.user());
    return unsubscribe;
  }

  async refresh(): Promise<void> {
    // The memory session reads the account as it is now on every call; tell the listeners.
    this.session.refresh();
  }

  async signIn(credentials: TSignIn): Promise<TSessionUser> {
    const parsed = ZSignIn.safeParse(credentials);
    if (!parsed.success) throw validationError(parsed.error);
    const account = this.backend.findUserByEmail(parsed.data.email);
    const user = account ? this.backend.sessionUser(account.id) : null;
    if (!account || !user || this.backend.passwords.get(account.id) !== parsed.data.password) {
      this.backend.audit({
        actor: null,
        actorEmail: parsed.data.email.toLowerCase(),
        action: "login_failed",
        recordId: account?.id ?? null,
        collection: account ? "users" : null,
      });
      throw new AppError("UNAUTHENTICATED", SIGN_IN_FAILED);
    }
    if (account.mustChangePassword === true) {
      // A one-time password works for one sign-in, before it expires.
      const oneTime = this.backend.oneTimePasswords.get(account.id);
      if (!oneTime || oneTime.used || oneTime.expiresAt <= this.backend.now()) {
        this.backend.audit({ actor: user, action: "login_failed", collection: "users", recordId: user.id });
        throw new AppError("UNAUTHENTICATED", ONE_TIME_PASSWORD_SPENT);
      }
      oneTime.used = true;
    }
    this.backend.audit({ actor: user, action: "login", collection: "users", recordId: user.id });
    account.lastSignInAt = this.backend.now();
    this.session.set(account.id);
    return user;
  }

  async signOut(): Promise<void> {
    const user = this.session.user();
    if (user) {
      this.backend.audit({ actor: user, action: "logout", collection: "users", recordId: user.id });
    }
    this.session.set(null);
  }

  async changePassword(change: TPasswordChange): Promise<void> {
    const user = this.session.user();
    if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
    const parsed = ZPasswordChange.safeParse(change);
    if (!parsed.success) throw validationError(parsed.error);
    if (this.backend.passwords.get(user.id) !== parsed.data.currentPassword) {
      throw new AppError("VALIDATION", "The current password is not correct.", {
        fields: { currentPassword: "Not your current password" },
      });
    }
    this.backend.passwords.set(user.id, parsed.data.newPassword);
    const account = this.backend.table("users").get(user.id);
    if (account) account.mustChangePassword = false;
    this.backend.oneTimePasswords.delete(user.id);
    this.session.endOthers();
    this.backend.audit({ actor: user, action: "password_change", collection: "users", recordId: user.id });
    this.session.refresh();
  }

  async signOutOtherSessions(): Promise<void> {
    const user = this.session.user();
    if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
    this.session.endOthers();
    this.backend.audit({ actor: user, action: "sessions_end_others", collection: "users", recordId: user.id });
  }

  async createUser(input: TUserInvite): Promise<TOneTimePassword> {
    const actor = this.admin();
    const parsed = ZUserInvite.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    assertCanGrantFacilities(actor, undefined, parsed.data.facilityIds);
    const role = this.backend.table("roles").get(parsed.data.role);
    if (!role)
      throw new AppError("VALIDATION", "Choose one of the group's roles.", { fields: { role: "No such role" } });
    const beyond = userRoleGrantError(actor, undefined, role);
    if (beyond) throw beyond;
    if (parsed.data.staffId !== undefined) {
      const staff = this.backend.table("staff").get(parsed.data.staffId);
      if (!staff || !canSeeFacility(actor, String(staff.facilityId)))
        throw new AppError("VALIDATION", "The user is not valid.", { fields: { staffId: "No such staff member" } });
      const refused = staffLinkError(parsed.data, staff);
      if (refused) throw refused;
    }
    if (this.backend.findUserByEmail(parsed.data.email)) {
      throw new AppError("CONFLICT", "An account with this e-mail already exists.", {
        fields: { email: "Already in use" },
      });
    }
    const oneTimePassword = generateOneTimePassword();
    const record = this.backend.addUser(
      { ...parsed.data, password: oneTimePassword, mustChangePassword: true },
      actor.id,
    );
    this.backend.audit({
      actor,
      action: "user_create",
      collection: "users",
      recordId: record.id,
      summary: `granted ${grantSummary("users", undefined, record)}`,
    });
    const { expiresAt } = this.backend.oneTimePasswords.get(record.id)!;
    return { user: copyRecord(record) as TRecordOf<"users">, oneTimePassword, expiresAt };
  }

  async resetPassword(userId: string): Promise<TOneTimePassword> {
    const actor = this.admin();
    const record = this.backend.table("users").get(userId);
    if (!record || !canSeeRecord(actor, usersCollection, record))
      throw new AppError("NOT_FOUND", "This user does not exist or was removed.");
    if (record.id === actor.id)
      throw new AppError("FORBIDDEN", "Change your own password under My account; it needs your current one.");
    // A one-time password opens the account: only for a user holding no more than the actor.
    const role = this.backend.table("roles").get(String(record.role));
    const beyond = userRoleGrantError(actor, role, role ?? {});
    if (beyond) throw beyond;
    const oneTimePassword = generateOneTimePassword();
    this.backend.passwords.set(userId, oneTimePassword);
    const expiresAt = oneTimePasswordExpiry(new Date(this.backend.now())).toISOString();
    this.backend.oneTimePasswords.set(userId, { expiresAt, used: false });
    Object.assign(record, {
      mustChangePassword: true,
      version: record.version + 1,
      updatedAt: this.backend.now(),
      updatedBy: actor.id,
    });
    this.backend.endSessions(userId);
    this.backend.audit({ actor, action: "password_reset", collection: "users", recordId: userId });
    return { user: copyRecord(record) as TRecordOf<"users">, oneTimePassword, expiresAt };
  }

  /** The signed-in administrator, ready to manage accounts; UNAUTHENTICATED or FORBIDDEN otherwise. */
  private admin(): TSessionUser {
    const actor = this.session.user();
    if (!actor) throw new AppError("UNAUTHENTICATED", "Please sign in.");
    if (!can(actor, "users", "write"))
      throw new AppError("FORBIDDEN", "Only a user who may manage users may manage accounts.");
    if (actor.mustChangePassword) throw passwordChangeRequired();
    return actor;
  }
}
