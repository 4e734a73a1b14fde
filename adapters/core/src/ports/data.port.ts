import type { TListFilters, TListQuery, TPage } from "../list-query.ts";
import type { TCollectionName, TInputOf, TPatchOf, TRecordOf } from "../registry.ts";
import type { TTransferRequest, TTransferResult } from "../rules/transfer.rules.ts";

/**
 * One write of an atomic commit. Updates and removes name the version they read; an update's `null`
 * for an optional field removes it.
 */
export type TWriteOp =
  | { [N in TCollectionName]: { op: "create"; collection: N; id?: string; data: TInputOf<N> } }[TCollectionName]
  | {
      [N in TCollectionName]: { op: "update"; collection: N; id: string; version: number; patch: TPatchOf<N> };
    }[TCollectionName]
  | { op: "remove"; collection: TCollectionName; id: string; version: number };

/**
 * Typed collections of records, the same whatever stores them. Every method rejects with an AppError:
 * VALIDATION (with field messages), NOT_FOUND, CONFLICT (stale version, duplicate id), FORBIDDEN,
 * UNAUTHENTICATED or UNAVAILABLE. Records of facilities the signed-in user may not see do not exist
 * for them (NOT_FOUND, never listed).
 */
export interface DataPort {
  /** One page of records, filtered and sorted as the collection allows; archived ones hidden by default. */
  list<N extends TCollectionName>(collection: N, query?: TListQuery): Promise<TPage<TRecordOf<N>>>;

  /** How many records match the query's filters, search and range (cursor and limit are ignored). */
  count<N extends TCollectionName>(collection: N, query?: TListFilters): Promise<number>;

  /** One record by id, archived or not. NOT_FOUND when it does not exist or is out of the user's reach. */
  get<N extends TCollectionName>(collection: N, id: string): Promise<TRecordOf<N>>;

  /**
   * Validates and stores a new record with version 1. `id` may be given only for collections with
   * client-chosen ids; a duplicate id is a CONFLICT. `users` are created only by AuthPort.createUser
   * (FORBIDDEN here).
   */
  create<N extends TCollectionName>(collection: N, data: TInputOf<N>, options?: { id?: string }): Promise<TRecordOf<N>>;

  /**
   * Applies `patch` to the record if it is still at `version`, validating the merged record, and
   * returns it with version + 1. `null` for an optional field removes it (null on a required field is a
   * VALIDATION error). A stale version is a CONFLICT whose `current` holds the newer record.
   */
  update<N extends TCollectionName>(
    collection: N,
    id: string,
    patch: TPatchOf<N>,
    version: number,
  ): Promise<TRecordOf<N>>;

  /**
   * Archives the record (residents, staff, documents) or deletes it, as the collection declares,
   * if it is still at `version`; returns nothing. Collections that allow neither refuse (FORBIDDEN).
   */
  remove(collection: TCollectionName, id: string, version: number): Promise<void>;

  /** Applies all writes or none (e.g. a payment and the charge it settles). */
  commit(ops: TWriteOp[]): Promise<void>;

  /**
   * Moves a resident or staff member (at `version`) to another home in one commit, as
   * `rules/transfer.rules.ts` says: their medical entries, documents (and the documents' files), open
   * linked reminders and reminder snoozes and waivers go with them; stays, rent rates, charges and
   * payments stay at the old home; a resident's history gains "transferred out" (old home) and
   * "transferred in" (new home) on `date`; one audit row names both homes. The user must see and
   * write both homes: an unseen destination or person is NOT_FOUND. A stale version is a CONFLICT
   * carrying the current record; the home they are at, or an archived home, is a VALIDATION error
   * on `toFacilityId`. A plain update never changes a resident's or staff member's home (VALIDATION).
   */
  transfer(request: TTransferRequest): Promise<TTransferResult>;
}
