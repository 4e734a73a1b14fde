/**
 * Session users for tests: a user of one of the default roles, limited to some facilities or not, with
 * the role's permissions as the server would resolve them.
 */
import { DEFAULT_ROLES } from "../collections/roles.collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";

export function testSessionUser(
  role: keyof typeof DEFAULT_ROLES & string,
  facilityIds: string[] | null,
  overrides: Partial<TSessionUser> = {},
): TSessionUser {
  const defaults = DEFAULT_ROLES[role];
  if (!defaults) throw new Error(`No default role "${role}".`);
  return {
    id: `${role}-user`,
    email: `${role}@example.test`,
    displayName: null,
    role,
    roleName: defaults.name,
    permissions: defaults.permissions,
    actions: defaults.actions,
    facilityIds,
    ...overrides,
  };
}
