/** One client's sign-in state, shared by its auth, data and file adapters (like a browser's cookie). */
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { MemoryBackend } from "./memory-backend.ts";

export class MemorySession {
  private userId: string | null = null;
  /** The user's session generation at sign-in: a newer one (deactivation, reset, sign-out elsewhere) ends this session. */
  private generation = 0;
  private readonly listeners = new Set<(state: TSessionUser | null) => void>();

  constructor(private readonly backend: MemoryBackend) {}

  /** The signed-in user as the account is now (role and facilities may have changed), or null. */
  user(): TSessionUser | null {
    if (this.userId !== null && this.backend.sessionGeneration(this.userId) !== this.generation) return null;
    return this.backend.sessionUser(this.userId);
  }

  set(userId: string | null): void {
    this.userId = userId;
    this.generation = userId === null ? 0 : this.backend.sessionGeneration(userId);
    const state = this.user();
    for (const listener of [...this.listeners]) listener(state);
  }

  /** Ends the user's other sessions: a new generation, which this session joins. */
  endOthers(): void {
    if (this.userId === null) return;
    this.backend.endSessions(this.userId);
    this.generation = this.backend.sessionGeneration(this.userId);
  }

  /** Tells the listeners the account changed (a password change ends `mustChangePassword`). */
  refresh(): void {
    const state = this.user();
    for (const listener of [...this.listeners]) listener(state);
  }

  onChange(listener: (state: TSessionUser | null) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
