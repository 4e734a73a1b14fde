// DataPort contract for money: every backend derives a resident's rent account from their charges and
// payments (no client writes a balance), refuses negative charges, takes corrections as credits with a
// reason, and bills a resident's current month without anyone clicking Generate.
import { beforeAll, expect, it } from "vitest";
import type { TRecordOf } from "@care/core/registry";
import { todayIn } from "@care/core/rules/date-only.rules";
import type { TPorts } from "./harness.ts";
import { residentInput } from "../../server/src/test/fixtures.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let staff: TPorts;
  let resident: TRecordOf<"residents">;
  const month = todayIn("America/Los_Angeles").slice(0, 7);
  const line = (over: Record<string, unknown> = {}) => ({
    residentId: resident.id,
    facilityId: "tull",
    month: "2025-03",
    amountCents: 10000,
    periodStart: "2025-03-01",
    periodEnd: "2025-03-31",
    dueDate: "2025-03-01",
    description: "Rent March 2025",
    ...over,
  });
  const account = () => staff.data.get("rentAccounts", resident.id);
  beforeAll(async () => {
    const admin = await ctx.signedIn();
    staff = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] }));
    resident = await staff.data.create("residents", {
      facilityId: "tull",
      firstName: "Rosa",
      lastName: `Ledger-${RUN}`,
      dateOfBirth: "1939-05-02",
      gender: "female",
      admissionDate: "2025-02-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      monthlyRateCents: 300000,
    });
  });

  // The admission bills the month (on Firebase the `deriveRent` function, which the adapter waits for;
  // each new month the server's schedule, or the `billCurrentMonthsHourly` function, runs the same rule).
  it("bills the resident's current month without a click", async () => {
    const charges = (await staff.data.list("rentCharges", { where: { residentId: resident.id } })).items;
    expect(charges.map((c) => [c.month, c.kind, c.amountCents])).toEqual([[month, "rent", 300000]]);
    expect(await account()).toMatchObject({ chargedCents: 300000, balanceCents: 300000 });
  });

  it("derives the account from the charges and payments, and lets no client write one", async () => {
    const before = await account();
    await staff.data.create("rentCharges", line(), { id: `rent-${resident.id}-2025-03` });
    await staff.data.create("payments", {
      residentId: resident.id,
      facilityId: "tull",
      receivedOn: "2025-03-02",
      amountCents: 4000,
      method: "check",
      reference: "1043",
    });
    const after = await account();
    expect(after.chargedCents - before.chargedCents).toBe(10000);
    expect(after.paidCents - before.paidCents).toBe(4000);
    expect(after.balanceCents).toBe(after.chargedCents - after.paidCents);
    await expectAppError(
      staff.data.update("rentAccounts", resident.id, { balanceCents: -999999 }, after.version),
      "FORBIDDEN",
    );
    await expectAppError(
      staff.data.create(
        "rentAccounts",
        { residentId: resident.id, facilityId: "tull", chargedCents: 0, paidCents: 0, balanceCents: -999999 },
        { id: resident.id },
      ),
      "FORBIDDEN",
    );
  });

  it("corrects a payment recorded on the wrong resident by a void and a new line: both accounts follow", async () => {
    const other = await staff.data.create("residents", {
      facilityId: "tull",
      firstName: "Rafa",
      lastName: `Ledger-${RUN}`,
      dateOfBirth: "1941-07-09",
      gender: "male",
      admissionDate: "2025-02-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      monthlyRateCents: 300000,
    });
    const otherAccount = () => staff.data.get("rentAccounts", other.id);
    const [mine, theirs] = [await account(), await otherAccount()];
    const payment = await staff.data.create("payments", {
      residentId: resident.id,
      facilityId: "tull",
      receivedOn: "2025-03-05",
      amountCents: 2500,
      method: "cash",
    });
    expect((await account()).paidCents - mine.paidCents).toBe(2500);
    // It is never moved (its receipt's balance was the first resident's): voided, and recorded again.
    await expectAppError(
      staff.data.update("payments", payment.id, { residentId: other.id }, payment.version),
      "VALIDATION",
    );
    const admin = await ctx.signedIn();
    await admin.data.update(
      "payments",
      payment.id,
      { status: "voided", voidReason: "Wrong resident" },
      payment.version,
    );
    await staff.data.create("payments", {
      residentId: other.id,
      facilityId: "tull",
      receivedOn: "2025-03-05",
      amountCents: 2500,
      method: "cash",
    });
    // The account it left no longer counts it; the right one does.
    expect((await account()).paidCents).toBe(mine.paidCents);
    expect((await otherAccount()).paidCents - theirs.paidCents).toBe(2500);
  });

  it("answers a user of two homes asking for 30 residents' rates at once, paged and counted", async () => {
    const admin = await ctx.signedIn();
    const twoHomes = await ctx.signedIn(
      await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull", "newman"] }),
    );
    const people = [];
    for (const [i, facilityId] of ["tull", "newman", "tull"].entries()) {
      const person = await admin.data.create(
        "residents",
        residentInput(facilityId, `Wide-${RUN}`, { firstName: `Rate${i}` }),
      );
      await admin.data.create("rentRates", {
        residentId: person.id,
        facilityId,
        amountCents: 250000 + i,
        effectiveFrom: `2025-0${i + 2}-01`,
      });
      people.push(person);
    }
    // 30 residents (27 of them unknown ids) × 2 homes = 60 disjunctions: more than one Firestore query takes.
    const residentIds = [...people.map((p) => p.id), ...Array.from({ length: 27 }, () => crypto.randomUUID())];
    const where = { residentId: residentIds };
    const first = await twoHomes.data.list("rentRates", { where, limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await twoHomes.data.list("rentRates", { where, limit: 2, cursor: first.nextCursor! });
    const all = [...first.items, ...second.items];
    expect(second.nextCursor).toBeNull();
    expect(all.map((r) => r.residentId).sort()).toEqual(people.map((p) => p.id).sort());
    expect(await twoHomes.data.count("rentRates", { where })).toBe(3);
  });

  it("refuses a negative charge; a correction is a credit with a reason", async () => {
    const negative = await expectAppError(
      staff.data.create("rentCharges", line({ month: "2025-04", amountCents: -50_000_000 })),
      "VALIDATION",
    );
    expect(negative.fields).toEqual({ amountCents: "Cannot be negative; record a credit instead" });
    const noReason = await expectAppError(
      staff.data.create("rentCharges", line({ kind: "credit", description: "Credit" })),
      "VALIDATION",
    );
    expect(noReason.fields).toEqual({ reason: "Give the reason for the correction" });
    const before = await account();
    await staff.data.create(
      "rentCharges",
      line({ kind: "credit", amountCents: 2500, description: "Credit: hospital days", reason: "Hospital 3–5 March" }),
    );
    expect((await account()).balanceCents).toBe(before.balanceCents - 2500);
  });
});
