/**
 * What a collection is, for every consumer at once: the web form, the server's generated routes, the
 * database repository, the Firestore rules and the in-memory adapter all read the same definition.
 */
import type { z } from "zod";
import type { TAction } from "./collections/actions.ts";
import type { TArea } from "./collections/roles.collection.ts";

/**
 * Which facility a record belongs to, for access checks and the header's facility filter:
 * - `facility`: the record has a `facilityId` field (null allowed only where noted). `alsoIn` names a
 *   field listing further homes the record is shown in (a staff member's other homes): their users see
 *   it, and a list filtered to one of them includes it; changing it still needs its own facility;
 * - `facility-id`: the record *is* a facility, its own id is the facility id;
 * - `global`: not tied to a facility (readable by anyone the access rule allows).
 */
export type TScope =
  { kind: "facility"; field: "facilityId"; alsoIn?: string } | { kind: "facility-id" } | { kind: "global" };

/**
 * Who may do what, by permission area (a role gives each area none / read / write; see
 * collections/roles.collection.ts and rules/access.rules.ts). Facility-limited users only ever see and
 * change their facilities' records, and group-wide records (scope `global`) are changed only by users
 * who see every facility.
 */
export interface TAccess {
  /** Who may list and get records: users with read on the area, or every signed-in user. */
  read: TArea | "signed-in";
  /** Who may create, update and remove through the data port: write on the area; `server`: only the server. */
  write: TArea | "signed-in" | "server";
  /**
   * `auth-port`: records are created only by AuthPort.createUser, which also makes the account and its
   * password; the data port's create and commit refuse them (FORBIDDEN). Absent: created like any record.
   */
  create?: "auth-port";
  /**
   * The fields a write is checked on against other stored records, in the write's own transaction: a
   * fee entry never pays a fee twice (`feeEntryError` adds up its referral's ledger). Each backend runs
   * that check where it writes — the server and the memory adapter in their transaction, Firebase in
   * the `writeCheckedRecord` Cloud Function, as Firestore rules cannot add up records — so the generated
   * rules refuse a browser's create, and its change of these fields; an archive needs no check.
   */
  checkedFields?: readonly string[];
  /**
   * The field naming the collection whose read permission each record follows: a history entry is read
   * by whoever may read the record it describes (and without the fields they may not see).
   */
  readFollows?: string;
  /**
   * The field naming whose record this is, and the area each of its values needs besides the
   * collection's own: a document about a staff member needs Staff (read to see it and its file, write
   * to upload, change or remove it), an agent's Referrals, a resident's Residents. A value not named
   * (a home's own documents) needs nothing more. `subjectsAllowed` in rules/access.rules.ts applies it
   * on the server and the memory adapter; the Firestore and Storage rules are generated from it.
   */
  subjectAreas?: { readonly field: string; readonly areas: Readonly<Partial<Record<string, TArea>>> };
  /**
   * The field listing the facilities a record gives its user access to (null = every facility): a
   * facility-limited administrator may only set it within their own facilities (`canGrantFacilities`
   * in rules/access.rules.ts), on every backend.
   */
  grantsFacilities?: string;
  /**
   * The boolean field that publishes a record (a shift, with its week): users who may not write the
   * collection see only records where it is true; those who may write see drafts too.
   */
  publishedField?: string;
  /**
   * The writes that need an action of the role (collections/actions.ts) besides write on the area: a
   * caregiver edits a resident but does not discharge them. One function decides on every backend
   * (`actionRefusal` in rules/role-actions.rules.ts) and the Firestore rules generator emits the same.
   */
  actions?: TActionRules;
}

/** Which writes of a collection need which action (`TAccess.actions`). */
export interface TActionRules {
  /**
   * A state of the record (`field` holding `value`, e.g. a resident's status "deceased") that only a role
   * holding `action` brings about, leaves, or edits: a create with it, an update into it or out of it,
   * an update of one of its `with` fields while in it (the date of death), and removing a record in it.
   */
  readonly sets?: readonly {
    readonly field: string;
    readonly value: string;
    readonly action: TAction;
    readonly with?: readonly string[];
  }[];
  /**
   * Giving `field` a value (on create, or an update setting or changing it), and changing one of its
   * `with` fields while it has one: an override's reason, and the person it is given for.
   */
  readonly fills?: readonly { readonly field: string; readonly action: TAction; readonly with?: readonly string[] }[];
  /**
   * An update changing the stored value of `field` (setting it when the record is created does not).
   * `requires`: fields the change must carry, each with its message when absent, at least one of them
   * given anew by this update (a code status change names its source document, date and reason), so an
   * earlier change's reason does not stand for the next one (`changeRequirementErrors`). An update
   * changing one of the `requires` fields needs the action too, with or without the field: the basis of
   * a code status is rewritten only by who may change it.
   */
  readonly changes?: readonly {
    readonly field: string;
    readonly action: TAction;
    readonly requires?: Readonly<Record<string, string>>;
  }[];
  /**
   * A create giving `field` a value, or an update giving it one, changing or clearing it (an event's undo
   * reason, a living resident's planned discharge date) — except a write leaving `unless.field` holding
   * `unless.value` (a death's date is the death's action alone).
   */
  readonly records?: readonly {
    readonly field: string;
    readonly action: TAction;
    readonly unless?: { readonly field: string; readonly value: string };
  }[];
  /** Removing (archiving or deleting) a record. */
  readonly removal?: TAction;
  /** Moving a record to another home (DataPort.transfer). */
  readonly transfer?: TAction;
}

/** The link target naming a stored file of the FilePort (not a registry collection). */
export const FILES_TARGET = "files";

/**
 * How a referenced record must relate to the record naming it (checked by `checkLinks` in
 * rules/links.rules.ts on every write, and by the generated Firestore rules):
 * - `same-facility`: it exists, the user may see it, and it belongs to the record's facility;
 * - `works-at`: the referenced person works at the record's facility: their own facility or one of the
 *   further homes of their scope's `alsoIn` field;
 * - `group-wide`: it exists, in any facility (document types belong to the whole group);
 * - `cross-home-match`: not a reference a write must satisfy but a question only the server answers,
 *   revealing no more than whether a matching record exists in another home (duplicate prospects).
 *   No collection declares one yet; writes do not check it.
 */
export type TLinkKind = "same-facility" | "works-at" | "group-wide" | "cross-home-match";

/** What a link points at: a collection of the registry, or `files`, with how it must relate. */
export interface TLinkTarget {
  readonly collection: string;
  readonly kind: TLinkKind;
}

/** Where a link reads a value: a field, or one `|`-separated part of it (a reminder state's key). */
export interface TLinkValue {
  readonly field: string;
  readonly part?: number;
}

/**
 * One reference from a record to another by id. A record whose value is absent (an optional field, a
 * key with fewer parts) names nothing and passes.
 */
export interface TLink {
  /** Where the referenced record's id is. Errors are reported on this field. */
  readonly id: TLinkValue;
  /**
   * The target, or the targets to choose from by another value of the record (a document's `subject`:
   * `resident` → residents, `staff` → staff, …); a value with no target means no link.
   */
  readonly to: TLinkTarget | { readonly by: TLinkValue; readonly targets: Readonly<Record<string, TLinkTarget>> };
  /** The link applies only when this value of the record is `equals` (one kind of reminder state key). */
  readonly when?: { readonly value: TLinkValue; readonly equals: string };
  /**
   * Fields the record shares with its target, each with the message (on the link's field) when they
   * differ: a document states its file's type and size.
   */
  readonly sameAs?: Readonly<Record<string, string>>;
  /**
   * A field the target makes required: when any of the target's `when` fields is set (present, not null,
   * not false), the record must carry `field`, else `message` on `field`. A document of a type that
   * expires states the expiry date printed on it.
   */
  readonly requires?: { readonly when: readonly string[]; readonly field: string; readonly message: string };
  /**
   * A state of the target that a record in a given state may name only with a field given: a published
   * shift (`record`) of someone whose clearance is not cleared or exempted (`target`: its field holds
   * none of `in`) carries an override's reason (`field`), else `message` on that field.
   */
  readonly guard?: {
    readonly record: { readonly field: string; readonly equals: boolean };
    readonly target: { readonly field: string; readonly in: readonly string[] };
    readonly field: string;
    readonly message: string;
  };
  /**
   * When the target belongs to another facility, this message on the link's field (pick another
   * target); by default "Must be the <target>'s facility" on the record's facility field.
   */
  readonly otherFacility?: string;
}

/** How a record's id follows from its fields (`CollectionDef.derivedId`). */
export interface TDerivedId {
  /** The fields it is made of, for the message when another id is given. */
  readonly from: readonly string[];
  /** The id these fields stand for; undefined when this record has none (it then gets a generated id). */
  derive(fields: Record<string, unknown>): string | undefined;
  /**
   * The same check as a Firestore rules condition over the new record's `id` and written data (`data`),
   * so the generated rules refuse another id; absent where rules cannot compute it. A record
   * `derive` gives no id (a credit line) must take a generated one, `generated` (a condition on `id`):
   * otherwise it could take the derived id of another home's record and block it.
   */
  rules?(data: string, generated: string): string;
}

export interface CollectionDef<S extends z.ZodObject = z.ZodObject> {
  /** URL and storage name: `/api/v1/<name>`, Firestore collection `<name>`. */
  readonly name: string;
  /** Human label for messages and exports. */
  readonly label: string;
  /** The client-editable fields. Validates the web form, the server request and the Firebase write. */
  readonly schema: S;
  readonly scope: TScope;
  readonly access: TAccess;
  /** Fields a list may filter on by equality (or one-of). Every one of them is indexed. */
  readonly filterable: readonly (keyof z.infer<S> & string)[];
  /** Fields a list may sort on, besides `createdAt` and `updatedAt`. */
  readonly sortable: readonly (keyof z.infer<S> & string)[];
  readonly defaultSort: { field: string; direction: "asc" | "desc" };
  /**
   * The timestamp field a list may bound by a time range (`TListQuery.range`), indexed with every
   * filter; absent: lists take no range.
   */
  readonly rangeField?: keyof z.infer<S> & string;
  /** Text fields matched by a list's `search` (case-insensitive). */
  readonly searchable: readonly (keyof z.infer<S> & string)[];
  /** `archive` sets archivedAt (kept, hidden from lists); `delete` removes; `none` refuses. */
  readonly removal: "archive" | "delete" | "none";
  /** What a refused removal (`removal: "none"`) says, when the way to correct a record is not obvious. */
  readonly removalRefusal?: string;
  /** Ids chosen by the client (e.g. facility slugs) instead of generated ones. */
  readonly clientIds: boolean;
  /**
   * An id that stands for the record's fields (one rent charge per resident and month): the record's
   * only possible id, derived when the client gives none and refused when the client gives another.
   */
  readonly derivedId?: TDerivedId;
  /** Write an audit row for every view (get) of a record, not only for changes. */
  readonly auditViews: boolean;
  /**
   * Fields governed by another area than the collection's (a resident's monthly rate is rent's): only
   * users with read on that area receive them, and setting them needs write on it. The server and the
   * memory adapter leave them out of answers; Firestore cannot hide a field, so there they are kept in
   * a document of their own that the rules guard by the area.
   */
  readonly restrictedFields?: Readonly<Record<string, TArea>>;
  /**
   * Fields the backend sets from the signed-in user when a record is created, whatever the client sent,
   * and keeps on every update: `id` the user's id, `name` their display name (else their e-mail). The
   * server, the memory and Firebase adapters set them (`stampCaller`); the generated Firestore rules
   * check them against the caller. A vitals entry's "recorded by".
   */
  readonly callerFields?: {
    readonly id: string;
    readonly name: string;
    /**
     * A client giving or changing them is refused (VALIDATION) rather than ignored: true for payments;
     * vitals ignore them, as their "recorded by" was once typed and older clients still send it.
     */
    readonly refuseGiven?: boolean;
  };
  /**
   * A field whose every giving is signed: when a write gives `field` a value or changes it, the backend
   * sets `by` to the signed-in user's name and `at` to the time (who gave an override's reason, and
   * when); they are kept while it stays and removed with it, whatever the client sent. The server, the
   * memory and Firebase adapters set them (`stampCaller`); the Firestore rules check `by` is the caller.
   */
  readonly signedField?: { readonly field: string; readonly by: string; readonly at: string };
  /**
   * Fields only the backend writes (a payment's balance after it, snapshotted when it is recorded): a
   * client's value is dropped on create and the stored one kept on update (`keepBackendFields`), and
   * the generated Firestore rules refuse a client setting or changing them.
   */
  readonly backendFields?: readonly string[];
  /**
   * A final state: a record whose stored `field` holds `value` (a voided payment) is never updated again
   * on any backend (`validateUpdate` refuses with `message`; the Firestore rules refuse the update).
   */
  readonly frozen?: { readonly field: string; readonly value: string; readonly message: string };
  /**
   * Fields fixed once the record is recorded (a payment's amount, date, resident and kind: what its
   * money and receipt rest on), each with the message refusing a change of it: `validateUpdate` refuses
   * an update changing one on every backend, and the generated Firestore rules refuse it too.
   * Correcting one is a new record (a payment is voided and recorded again).
   */
  readonly fixed?: Readonly<Record<string, string>>;
  /**
   * The records this one names by id, checked on create and whenever a link's fields or the record's
   * facility change, in this order (the first broken link is reported). Absent: none.
   */
  readonly links?: readonly TLink[];
}

export function defineCollection<S extends z.ZodObject>(def: CollectionDef<S>): CollectionDef<S> {
  return def;
}
