/**
 * Copying a week writes many shifts; a commit takes at most 500 writes, and on Firebase the rules of
 * one commit may read at most 20 documents in all: the signed-in user's record and role, then each
 * named staff member's record (to check they work at the home). So a copy is split into commits of at
 * most `maxShifts` shifts naming at most `maxPeople` people, a person's shifts kept in one commit.
 */
export const COPY_BATCH = { maxShifts: 400, maxPeople: 16 } as const;

/**
 * Splits the creates of a week's copy into commits: each holds at most `maxShifts` shifts of at most
 * `maxPeople` people (a person with more shifts than `maxShifts` fills commits of their own), in the
 * order the people first appear.
 */
export function shiftBatches<T extends { data: { staffId: string } }>(
  ops: readonly T[],
  limits: { maxShifts: number; maxPeople: number } = COPY_BATCH,
): T[][] {
  const byPerson = new Map<string, T[]>();
  for (const op of ops) byPerson.set(op.data.staffId, [...(byPerson.get(op.data.staffId) ?? []), op]);
  const batches: T[][] = [];
  let batch: T[] = [];
  let people = 0;
  for (const shifts of byPerson.values()) {
    if (batch.length > 0 && (people === limits.maxPeople || batch.length + shifts.length > limits.maxShifts)) {
      batches.push(batch);
      batch = [];
      people = 0;
    }
    people += 1;
    for (const op of shifts) {
      if (batch.length === limits.maxShifts) {
        batches.push(batch);
        batch = [];
        people = 1;
      }
      batch.push(op);
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
