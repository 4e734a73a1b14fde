/**
 * The actions a role gives one by one, beside its level per area: steps whose consequences are beyond
 * an ordinary edit (a discharge, a death, a change of code status), so that "residents: write" alone
 * does not allow them. Without any schema, like areas.ts: the web app's first load (which buttons a
 * page shows) reads only these. Adding an action is one entry here plus the declaration, on the
 * collection, of which writes need it (`TAccess.actions` in collection.ts); every backend and the
 * generated Firestore rules then enforce it (rules/role-actions.rules.ts).
 */

/** Every action, in the order Settings shows them. */
export const ACTIONS = [
  "discharge",
  "recordDeath",
  "transferResident",
  "archiveResident",
  "changeCodeStatus",
  "undoStatusEvent",
  "voidPayment",
  "publishWithOverride",
  "changeGoLiveDate",
] as const;
export type TAction = (typeof ACTIONS)[number];

/**
 * The actions roles first held, when they replaced "residents: write" for these steps: a role stored
 * before actions existed gets these (or none) by what it could do then. The later ones (undoing a status
 * event, voiding a payment, publishing over a clearance, moving a home's go-live date) were nobody's
 * before, so no upgrade gives them:
 * an administrator grants them.
 */
export const FIRST_ACTIONS: readonly TAction[] = [
  "discharge",
  "recordDeath",
  "transferResident",
  "archiveResident",
  "changeCodeStatus",
];

/** What Settings › Roles and the refusals say of an action. */
export interface TActionInfo {
  /** The checkbox's label. */
  readonly label: string;
  /** One sentence under it: what the action allows. */
  readonly explanation: string;
  /** What a refusal says the role may not do: "Your role may not <refusal>." */
  readonly refusal: string;
}

export const ACTION_INFO: Readonly<Record<TAction, TActionInfo>> = {
  discharge: {
    label: "Discharge residents",
    explanation: "Set a resident's status to discharged, or record a discharge in their stay history.",
    refusal: "discharge residents",
  },
  recordDeath: {
    label: "Record a death",
    explanation: "Set a resident's status to deceased, or record a death in their stay history.",
    refusal: "record a resident's death",
  },
  transferResident: {
    label: "Transfer residents",
    explanation: "Move a resident, with their records, to another home of the group.",
    refusal: "transfer residents to another home",
  },
  archiveResident: {
    label: "Archive residents",
    explanation: "Archive a resident's record, which takes them off every list.",
    refusal: "archive residents",
  },
  changeCodeStatus: {
    label: "Change code status",
    explanation: "Change a resident's recorded code status (Full code, DNR, POLST) after admission.",
    refusal: "change a resident's code status",
  },
  undoStatusEvent: {
    label: "Undo a status event",
    explanation:
      "Undo a discharge, death, leave, hospital stay or readmission entered by mistake, with a reason, restoring the stay and its billing.",
    refusal: "undo a status event",
  },
  voidPayment: {
    label: "Void or refund payments",
    explanation: "Void a payment entered by mistake, or record a refund, with a reason; the payment stays on record.",
    refusal: "void or refund payments",
  },
  publishWithOverride: {
    label: "Publish a rota over a clearance",
    explanation:
      "Publish a rota that schedules someone whose criminal record clearance is missing, with a reason printed on the rota.",
    refusal: "publish a rota over a missing clearance",
  },
  changeGoLiveDate: {
    label: "Change a home's go-live date",
    explanation:
      "Move the day a home started keeping its records in the portal, from which its compliance and census reports count.",
    refusal: "change a home's go-live date",
  },
};

/** The actions a stored value lists (a role's `actions`), known ones only; none for anything else. */
export function actionsListed(value: unknown): TAction[] {
  return Array.isArray(value) ? ACTIONS.filter((action) => value.includes(action)) : [];
}
