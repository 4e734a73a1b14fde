/**
 * AuthPort over the server's cookie session. The state is unknown until `/auth/me` first answers;
 * sign-in, sign-out and any 401 from any call (an expired or revoked session) change it.
 */
import { AppError } from "@care/core/app-error";
import type { TUserInvite } from "@care/core/collections/users.collection";
import {
  ZSessionUser,
  type AuthPort,
  type TAuthState,
  type TOneTimePassword,
  type TPasswordChange,
  type TSessionUser,
  type TSignIn,
} from "@care/core/ports/auth.port";
import { UNEXPECTED_MESSAGE, type HttpClient } from "./http-client.ts";

/** The user a `/auth/me` body names, null for `{ user: null }`; throws on anything else. */
function parseMe(body: unknown): TSessionUser | null {
  return (body as { user?: unknown } | null)?.user === null ? null : parseUser(body);
}

function parseUser(body: unknown): TSessionUser {
  const parsed = ZSessionUser.safeParse((body as { user?: unknown } | null)?.user);
  if (!parsed.success) throw new AppError("UNAVAILABLE", UNEXPECTED_MESSAGE);
  return parsed.data;
}

export class HttpAuthAdapter implements AuthPort {
  private state: TAuthState = undefined;
  private readonly listeners = new Set<(state: TSessionUser | null) => void>();
  private loading: Promise<void> | undefined;

  /** @param me a `/auth/me` answer the app already has (the page's boot block); else it is asked on first use. */
  constructor(
    private readonly http: HttpClient,
    me?: unknown,
  ) {
    http.onSessionLost(() => this.setState(null));
    if (me === undefined) return;
    try {
      this.state = parseMe(me);
      this.loading = Promise.resolve();
    } catch {
      // Not a `/auth/me` answer: ask the server as if there were none.
    }
  }

  current(): TAuthState {
    this.load();
    return this.state;
  }

  onChange(listener: (state: TSessionUser | null) => void): () => void {
    this.listeners.add(listener);
    if (this.state !== undefined) listener(this.state);
    else this.load();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Asks the server once who is signed in. `{ user: null }` (no session) or a 401 (a session that
   * ended) means nobody (the client sets the state on a 401); a server
   * that cannot be reached leaves nobody signed in as far as the app can tell, so the sign-in page
   * shows and its attempt reports the outage.
   */
  private load(): void {
    if (this.loading) return;
    const epoch = this.http.epoch;
    this.loading = this.http
      .request<unknown>("GET", "/auth/me", { sessionCheck: false })
      .then(parseMe)
      .catch(() => null)
      .then((user) => {
        // A sign-in or sign-out that finished meanwhile knows better than this answer.
        if (epoch === this.http.epoch) this.setState(user);
      });
  }

  async refresh(): Promise<void> {
    if (this.state === undefined) return this.loading;
    const epoch = this.http.epoch;
    let user: TSessionUser | null;
    try {
      const body = await this.http.request<unknown>("GET", "/auth/me", { sessionCheck: false });
      user = parseMe(body);
    } catch {
      return; // Unreachable or unexpected: keep what is known; the next page's requests will tell.
    }
    if (epoch !== this.http.epoch) return;
    if (JSON.stringify(user) !== JSON.stringify(this.state)) this.setState(user);
  }

  async signIn(credentials: TSignIn): Promise<TSessionUser> {
    const body = await this.http.request<unknown>("POST", "/auth/login", {
      json: { email: credentials.email, password: credentials.password },
      sessionCheck: false,
    });
    const user = parseUser(body);
    this.http.newSession();
    this.setState(user);
    return user;
  }

  async signOut(): Promise<void> {
    try {
      await this.http.request("POST", "/auth/logout", { read: "none" });
    } catch (error) {
      // A session that already ended is as signed out as it gets; other failures leave it alive.
      if (!(error instanceof AppError && error.code === "UNAUTHENTICATED")) throw error;
    }
    this.http.newSession();
    this.setState(null);
  }

  async changePassword(change: TPasswordChange): Promise<void> {
    await this.http.request("POST", "/auth/password", {
      json: { currentPassword: change.currentPassword, newPassword: change.newPassword },
      read: "none",
    });
    // A one-time password is no longer in use: the state says so.
    const current = this.state;
    if (current?.mustChangePassword) {
      const { mustChangePassword: _done, ...user } = current;
      this.setState(user);
    }
  }

  async signOutOtherSessions(): Promise<void> {
    await this.http.request("POST", "/auth/sessions/end-others", { read: "none" });
  }

  async createUser(input: TUserInvite): Promise<TOneTimePassword> {
    return this.http.request<TOneTimePassword>("POST", "/auth/users", { json: input });
  }

  async resetPassword(userId: string): Promise<TOneTimePassword> {
    return this.http.request<TOneTimePassword>("POST", `/auth/users/${encodeURIComponent(userId)}/password-reset`);
  }

  private setState(next: TSessionUser | null): void {
    const changed = JSON.stringify(next) !== JSON.stringify(this.state);
    this.state = next;
    if (!changed) return;
    for (const listener of [...this.listeners]) listener(next);
  }
}
