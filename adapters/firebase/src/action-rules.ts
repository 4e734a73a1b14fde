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
import { restrictedParts, type TRestrictedPart } from "./restricted-fields.ts";

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

/** The written record gives `field` a value (not absent, null or empty). */
const given = (field: string) => `!(${value(DATA, field)} in [null, ''])`;

/** The condition a create of `def` adds, empty when it declares no action. */
export function actionsOnCreate(def: CollectionDef): string {
  return needs([
    ...(def.access.actions?.sets ?? []).map(
      ({ field, value: to, action }) => [`${value(DATA, field)} == '${to}'`, action] as const,
    ),
    ...(def.access.actions?.fills ?? []).map(({ field, action }) => [given(field), action] as const),
    ...(def.access.actions?.records ?? []).map(
      ({ field, action, unless }) => [`${value(DATA, field)} != null${unlessExpr(unless)}`, action] as const,
    ),
  ]);
}

/** " && <unless.field> != '<unless.value>'" after the write, or "" (see `TActionRules.records`). */
function unlessExpr(unless: { field: string; value: string } | undefined): string {
  return unless ? ` && ${value(DATA, unless.field)} != '${unless.value}'` : "";
}

/**
 * The condition an update of `def` adds: values set or changed, an archive, a move to another home. A call
 * of the collection's `actionsOnUpdateFunction`, given the record after and before the write: inside it
 * they are the names `d` and `r`, so each of the many field reads costs two expressions fewer than
 * `request.resource.data…` would (rules-cost.ts), which keeps the residents' update within 1,000.
 */
export function actionsOnUpdate(def: CollectionDef): string {
  return def.access.actions ? ` && ${updateFunctionName(def)}(${DATA}, ${OLD})` : "";
}

const updateFunctionName = (def: CollectionDef) => `actionsOnUpdate_${def.name}`;

/** The declaration of the function `actionsOnUpdate` calls, as lines of the collection's match block; none without actions. */
export function actionsOnUpdateFunction(def: CollectionDef): string[] {
  let condition = updateConditions(def, "d", "r").replace(/^ && /, "");
  if (!condition) return [];
  // A field read more than once is read once into a `let` (counted where it is written).
  const reads = condition.match(/\b[dr]\.get\('\w+', null\)/g) ?? [];
  const lets = [...new Set(reads)]
    .filter((read) => reads.filter((r) => r === read).length > 1)
    .map((read, i) => {
      const name = `v${i}`;
      condition = condition.split(read).join(name);
      return `        let ${name} = ${read};`;
    });
  return [
    "      // The actions an update needs (TAccess.actions): d is the record after the write, r before it.",
    `      function ${updateFunctionName(def)}(d, r) {`,
    ...lets,
    `        return ${condition};`,
    "      }",
  ];
}

function updateConditions(def: CollectionDef, DATA: string, OLD: string): string {
  const rules = def.access.actions;
  if (!rules) return "";
  const given = (field: string) => `!(${value(DATA, field)} in [null, ''])`;
  const unlessExpr = (unless: { field: string; value: string } | undefined) =>
    unless ? ` && ${value(DATA, unless.field)} != '${unless.value}'` : "";
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
    ...(rules.fills ?? []).map(({ field, action, with: also = [] }) => {
      const changedWith =
        also.length > 0
          ? ` || ${DATA}.diff(${OLD}).affectedKeys().hasAny([${also.map((f) => `'${f}'`).join(", ")}])`
          : "";
      return [`${given(field)} && (${value(DATA, field)} != ${value(OLD, field)}${changedWith})`, action] as const;
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

/** A declared change that must carry fields, and the sibling document holding them when they are restricted. */
interface TRequirement {
  readonly field: string;
  readonly action: TAction;
  readonly fields: readonly string[];
  readonly part?: TRestrictedPart;
}

function requirements(def: CollectionDef): TRequirement[] {
  return (def.access.actions?.changes ?? []).flatMap(({ field, action, requires }) => {
    if (!requires) return [];
    const fields = Object.keys(requires);
    const part = restrictedParts(def).find((p) => fields.every((f) => p.fields.includes(f)));
    return [{ field, action, fields, ...(part ? { part } : {}) }];
  });
}

/**
 * The sibling collections whose document an update of `def` reads (`getAfter`) to see a change's required
 * fields written beside it: counted among a commit's reads (rule-read-commits.ts).
 */
export function requiredSiblings(def: CollectionDef): string[] {
  return [...new Set(requirements(def).flatMap(({ part }) => (part ? [part.collection] : [])))];
}

/** The required fields present, and (on an update) at least one of them written by this request. */
function carried(fields: readonly string[], anew: boolean): string {
  const present = fields.map((f) => `${value(DATA, f)} != null`).join(" && ");
  const written = `${DATA}.diff(${OLD}).affectedKeys().hasAny([${fields.map((f) => `'${f}'`).join(", ")}])`;
  return anew ? `${present} && ${written}` : present;
}

/**
 * The condition an update of `def` adds for changes that must carry fields (`changes[].requires`,
 * `changeRequirementErrors` of @care/core/rules/role-actions.rules): the field unchanged, or the fields
 * carried. Fields kept in a sibling document (restricted-fields.ts) are checked by its rules
 * (`changeRequirementsOfPart`); the record's rule asks that the sibling be written in the same request.
 */
export function changeRequirementsOnUpdate(def: CollectionDef): string {
  return requirements(def)
    .map(({ field, fields, part }) => {
      const kept = `${OLD}.${field} == ${DATA}.${field}`;
      if (!part) return ` && (${kept} || (${carried(fields, true)}))`;
      return ` && (${kept} || getAfter(/databases/$(database)/documents/${part.collection}/$(id)).data._writtenAt == request.time)`;
    })
    .join("");
}

/**
 * What a sibling document's create or update adds when its fields are what a change of its record must
 * carry: a record created now, or whose field this request leaves as it was, needs nothing; otherwise
 * the fields are present (and on an update, one of them written anew). Writing the fields themselves
 * after the record was created (a code status's basis rewritten) needs the change's action, as
 * `actionsNeeded` asks: the check is here, in the sibling's rule, which alone sees them.
 */
export function changeRequirementsOfPart(def: CollectionDef, part: TRestrictedPart, update: boolean): string {
  const record = `/databases/$(database)/documents/${def.name}/$(id)`;
  return requirements(def)
    .filter((r) => r.part?.collection === part.collection)
    .map(({ field, action, fields }) => {
      const list = `[${fields.map((f) => `'${f}'`).join(", ")}]`;
      const written = update ? `${DATA}.diff(${OLD}).affectedKeys().hasAny(${list})` : `${DATA}.keys().hasAny(${list})`;
      const basis = ` && (!(${written}) || !exists(${record}) || mayDoAll(['${action}']))`;
      return ` && (!exists(${record}) || get(${record}).data.${field} == getAfter(${record}).data.${field} || (${carried(fields, update)}))${basis}`;
    })
    .join("");
}
