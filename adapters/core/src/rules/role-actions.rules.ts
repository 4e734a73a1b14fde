/**
 * Per-action permissions: which declared actions a write needs (`TAccess.actions` of its collection),
 * whether the user's role holds them, and what a role stored before actions existed holds. The server's
 * write path, the memory adapter and the Firebase adapter all ask `actionRefusal` before they write;
 * the Firestore rules generator emits the same conditions from the same declarations.
 */
import { AppError, type TFieldErrors } from "../app-error.ts";
import type { CollectionDef } from "../collection.ts";
import { ACTION_INFO, actionsListed, FIRST_ACTIONS, type TAction } from "../collections/actions.ts";
import { DEFAULT_ROLES } from "../collections/roles.collection.ts";
import { mayDo } from "./permissions.rules.ts";

/** A write as the action rules see it: the record before (absent on create) and after. */
export type TActionWrite =
  | { readonly kind: "create"; readonly after: Record<string, unknown> }
  | { readonly kind: "update"; readonly before: Record<string, unknown>; readonly after: Record<string, unknown> }
  | { readonly kind: "remove"; readonly before: Record<string, unknown> }
  | { readonly kind: "transfer" };

/** The actions this write of `def` needs, in the order declared (none for most writes). */
export function actionsNeeded(def: CollectionDef, write: TActionWrite): TAction[] {
  const rules = def.access.actions;
  if (!rules) return [];
  if (write.kind === "transfer") return rules.transfer ? [rules.transfer] : [];
  const needed: TAction[] = [];
  if (write.kind === "remove") {
    if (rules.removal) needed.push(rules.removal);
    for (const { field, value, action } of rules.sets ?? []) if (write.before[field] === value) needed.push(action);
    return [...new Set(needed)];
  }
  const before = write.kind === "update" ? write.before : undefined;
  const { after } = write;
  const given = (value: unknown) => value !== undefined && value !== null && value !== "";
  for (const { field, action, with: also = [] } of rules.fills ?? []) {
    if (!given(after[field])) continue;
    if (!before || after[field] !== before[field] || also.some((f) => (before[f] ?? null) !== (after[f] ?? null)))
      needed.push(action);
  }
  for (const { field, value, action, with: also = [] } of rules.sets ?? []) {
    const was = before?.[field] === value;
    const edited = was && also.some((f) => (before[f] ?? null) !== (after[f] ?? null));
    if (was !== (after[field] === value) || edited) needed.push(action);
  }
  if (before)
    for (const { field, action, requires = {} } of rules.changes ?? []) {
      const changed = before[field] !== undefined && before[field] !== null && after[field] !== before[field];
      // What the change rests on (a code status's document, date and reason) is rewritten only with it.
      const basis = Object.keys(requires).some((f) => (before[f] ?? null) !== (after[f] ?? null));
      if (changed || basis) needed.push(action);
    }
  for (const { field, action, unless } of rules.records ?? [])
    if ((before?.[field] ?? null) !== (after[field] ?? null) && !(unless && after[unless.field] === unless.value))
      needed.push(action);
  return [...new Set(needed)];
}

/** FORBIDDEN naming the first action the write needs that the user's role does not hold; else null. */
export function actionRefusal(
  user: { actions?: readonly TAction[] | undefined },
  def: CollectionDef,
  write: TActionWrite,
): AppError | null {
  const missing = actionsNeeded(def, write).find((action) => !mayDo(user, action));
  if (missing === undefined) return null;
  return new AppError("FORBIDDEN", `Your role may not ${ACTION_INFO[missing].refusal}.`);
}

/** A declared field of a change given: present, not null, not an empty text. */
const given = (value: unknown) => value !== undefined && value !== null && value !== "";

/**
 * The fields an update changing a declared field lacks (`changes[].requires`), each with its message:
 * every required field present after the write, at least one of them changed by it (else the message of
 * the last, the reason). Null when the write needs none or carries them.
 */
export function changeRequirementErrors(def: CollectionDef, write: TActionWrite): TFieldErrors | null {
  if (write.kind !== "update") return null;
  const { before, after } = write;
  const errors: TFieldErrors = {};
  for (const { field, requires } of def.access.actions?.changes ?? []) {
    if (!requires || !given(before[field]) || after[field] === before[field]) continue;
    const fields = Object.keys(requires);
    for (const f of fields) if (!given(after[f])) errors[f] = requires[f] as string;
    const last = fields.at(-1);
    if (last && Object.keys(errors).length === 0 && fields.every((f) => after[f] === before[f]))
      errors[last] = requires[last] as string;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Throws `actionRefusal`'s refusal, if any, then VALIDATION naming what a change that needs an action
 * lacks (`changeRequirementErrors`): every backend asks both before it writes.
 */
export function assertActionsHeld(
  user: { actions?: readonly TAction[] | undefined },
  def: CollectionDef,
  write: TActionWrite,
): void {
  const refusal = actionRefusal(user, def, write);
  if (refusal) throw refusal;
  const lacking = changeRequirementErrors(def, write);
  if (lacking) throw new AppError("VALIDATION", "The change is not complete.", { fields: lacking });
}

/**
 * The actions of a role as stored: its `actions` when it has them; for a role stored before actions
 * existed, the defaults of the shipped roles (Administrator every action, House manager the first five,
 * Caregiver and Office none), and for a role the group made, what it could do before (residents write:
 * the first five, `FIRST_ACTIONS`), so nothing the group relied on stops working unannounced. Every backend's upgrade uses this
 * (the server's migration does the same in SQL, and a test compares them).
 */
export function actionsOfStoredRole(id: string, role: Record<string, unknown>): TAction[] {
  if (Array.isArray(role.actions)) return actionsListed(role.actions);
  const shipped = DEFAULT_ROLES[id];
  if (shipped) return [...shipped.actions];
  const permissions = (role.permissions ?? {}) as Record<string, unknown>;
  return permissions.residents === "write" ? [...FIRST_ACTIONS] : [];
}
