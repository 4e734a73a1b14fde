/**
 * The Firestore rules' side of per-action permissions: from a collection's declaration of which writes
 * need an action (`TAccess.actions`), the same conditions `actionRefusal` of
 * @care/core/rules/role-actions.rules checks on every other backend. A write's rule lists the actions
 * it needs (each condition adds its action, or nothing) and compares them with the caller's role's
 * `actions` in one `hasAll` (a role without the list holds none): one comparison, however many actions
 * a collection declares, keeps the rules within Firestore's 1,000 expressions.
 */
import type { CollectionDef } from "@care/core/collection";
import type { TAction } from "@care/core/collections/actions";

const DATA = "request.resource.data";
const OLD = "resource.data";

const value = (data: string, field: string) => `${data}.get('${field}', null)`;

/** The `mayDoAll` function the rules of every collection call (defined once beside `mayRead`). */
export const MAY_DO_FUNCTION = `    // The caller's role holds every one of these actions (mayDo in @care/core/rules/permissions.rules).
    function mayDoAll(actions) {
      return get(/databases/$(database)/documents/roles/$(me().role)).data.get('actions', []).hasAll(actions);
    }`;

/** " && mayDoAll(<the actions needed>)", the list made of each condition's action or nothing; "" for none. */
function needs(conditions: readonly (readonly [string, TAction])[]): string {
  if (conditions.length === 0) return "";
  const [first, ...rest] = conditions.map(([condition, action]) => `(${condition} ? ['${action}'] : [])`);
  return ` && mayDoAll(${first}${rest.map((more) => `.concat(${more})`).join("")})`;
}

/** The condition a create of `def` adds, empty when it declares no action. */
export function actionsOnCreate(def: CollectionDef): string {
  return needs([
    ...(def.access.actions?.sets ?? []).map(
      ({ field, value: to, action }) => [`${value(DATA, field)} == '${to}'`, action] as const,
    ),
    ...(def.access.actions?.records ?? []).map(
      ({ field, action, unless }) => [`${value(DATA, field)} != null${unlessExpr(unless)}`, action] as const,
    ),
  ]);
}

/** " && <unless.field> != '<unless.value>'" after the write, or "" (see `TActionRules.records`). */
function unlessExpr(unless: { field: string; value: string } | undefined): string {
  return unless ? ` && ${value(DATA, unless.field)} != '${unless.value}'` : "";
}

/** The condition an update of `def` adds: values set or changed, an archive, a move to another home. */
export function actionsOnUpdate(def: CollectionDef): string {
  const rules = def.access.actions;
  if (!rules) return "";
  // Archiving a record in a state is an edit of it as well (`actionsNeeded` asks for its action).
  const archives = def.removal === "archive" ? ["archivedAt"] : [];
  const conditions: (readonly [string, TAction])[] = [
    ...(rules.sets ?? []).map(({ field, value: to, action, with: also = [] }) => {
      const was = `${value(OLD, field)} == '${to}'`;
      const entersOrLeaves = `(${value(DATA, field)} == '${to}') != (${was})`;
      const edited = [...also, ...archives];
      const editedWhile =
        edited.length > 0
          ? ` || (${was} && ${DATA}.diff(${OLD}).affectedKeys().hasAny([${edited.map((f) => `'${f}'`).join(", ")}]))`
          : "";
      return [`${entersOrLeaves}${editedWhile}`, action] as const;
    }),
    ...(rules.changes ?? []).map(
      ({ field, action }) =>
        [`${value(OLD, field)} != null && ${value(DATA, field)} != ${value(OLD, field)}`, action] as const,
    ),
    ...(rules.records ?? []).map(
      ({ field, action, unless }) =>
        [`${value(DATA, field)} != ${value(OLD, field)}${unlessExpr(unless)}`, action] as const,
    ),
  ];
  // An archive is an update setting archivedAt (validUpdateMeta); a move changes the record's home.
  if (rules.removal && def.removal === "archive")
    conditions.push([`${DATA}.archivedAt != ${OLD}.archivedAt`, rules.removal]);
  if (rules.transfer) conditions.push([`${DATA}._facility != ${OLD}._facility`, rules.transfer]);
  return needs(conditions);
}

/** The condition a delete of `def` adds, where removal deletes and needs an action. */
export function actionsOnDelete(def: CollectionDef): string {
  const rules = def.access.actions;
  if (!rules || def.removal !== "delete") return "";
  return needs([
    ...(rules.removal ? [["true", rules.removal] as const] : []),
    ...(rules.sets ?? []).map(({ field, value: to, action }) => [`${value(OLD, field)} == '${to}'`, action] as const),
  ]);
}
