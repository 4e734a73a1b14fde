/** One client's sign-in state, shared by its auth, data and file adapters (like a browser's cookie). */
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { MemoryBackend } from "./memory-backend.ts";

export class MemorySession {
  private userId: string | null = null;
  private readonly listeners = new Set<(state: TSessionUser | null) => void>();

  constructor(private readonly backend: MemoryBackend) {}

  /** The signed-in user as the account is now (role and facilities may have changed), or null. */
  user(): TSessionUser | null {
    return this.backend.sessionUser(this.userId);
  }

  set(userId: string | null): void {
    this.userId = userId;
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
