// DataPort contract for correcting money: a payment entered by mistake is voided (with a reason), never
// removed, and counts for nothing in the balance, the rent roll and aging; a refund raises the balance;
// both need the role's "Void or refund payments"; a voided payment is never changed again; and the
// balance a receipt prints is the one of the moment the payment was recorded, whatever happens later —
// the same on every harness.
import { beforeAll, expect, it } from "vitest";
import type { TRecordOf } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  let office: TPorts;
  let resident: TRecordOf<"residents">;
  const range = { facilityId: "tull", from: "2025-03-01", to: "2025-03-31", today: "2025-04-30" };
  const payment = (over: Record<string, unknown> = {}) => ({
    residentId: resident.id,
    facilityId: "tull",
    receivedOn: "2025-03-02",
    amountCents: 40_000,
    method: "check" as const,
    ...over,
  });
  const account = () => admin.data.get("rentAccounts", resident.id);
  const rollRow = async () => {
    const report = await admin.insights.report("rent-roll", range);
    return report.residents.find((r) => r.residentId === resident.id);
  };

  beforeAll(async () => {
    admin = await ctx.signedIn();
    office = await ctx.signedIn(await ctx.createUser(admin, { role: "office", facilityIds: ["tull"] }));
    resident = await admin.data.create("residents", {
      facilityId: "tull",
      firstName: "Vera",
      lastName: `Void-${RUN}`,
      dateOfBirth: "1938-04-02",
      gender: "female",
      admissionDate: "2025-03-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    });
    await admin.data.create(
      "rentCharges",
      {
        residentId: resident.id,
        facilityId: "tull",
        month: "2025-03",
        amountCents: 100_000,
        periodStart: "2025-03-01",
        periodEnd: "2025-03-31",
        dueDate: "2025-03-01",
        description: "Rent March 2025",
      },
      { id: `rent-${resident.id}-2025-03` },
    );
  });

  it("keeps a voided payment on record, and counts it nowhere: balance, rent roll, aging", async () => {
    const kept = await office.data.create("payments", payment());
    const typo = await office.data.create(
      "payments",
      payment({ amountCents: 9_999_999_900, receivedOn: "2025-03-03" }),
    );
    expect(await account()).toMatchObject({ balanceCents: 100_000 - 40_000 - 9_999_999_900 });
    const voided = await admin.data.update(
      "payments",
      typo.id,
      { status: "voided", voidReason: "Typed two extra nines" },
      typo.version,
    );
    expect(voided).toMatchObject({ status: "voided", voidReason: "Typed two extra nines", amountCents: 9_999_999_900 });
    expect((await admin.data.get("payments", typo.id)).status).toBe("voided");
    expect(await account()).toMatchObject({
      paidCents: 40_000,
      balanceCents: 60_000,
      oldestUnpaidDueDate: "2025-03-01",
    });
    // The rent roll pays and ages as if the typo never happened: $600 owed since March 1, counted on March 31.
    expect(await rollRow()).toMatchObject({
      paidCents: 40_000,
      balanceCents: 60_000,
      aging: { days0to30: 60_000, days31to60: 0, days61to90: 0, over90: 0 },
    });
    // The receipt of the payment before keeps the balance it printed, and who received it.
    expect(await admin.data.get("payments", kept.id)).toMatchObject({
      balanceAfterCents: 60_000,
      receivedByUserId: kept.receivedByUserId,
      receivedBy: expect.any(String),
    });
    // The void keeps who recorded the typo.
    expect(voided.receivedByUserId).toBe(typo.receivedByUserId);
    expect(voided.receivedByUserId).not.toBe(voided.updatedBy);
  });

  it("refuses voiding or refunding to a role without the action, in its words", async () => {
    const line = await office.data.create("payments", payment({ amountCents: 1_000 }));
    const voiding = await expectAppError(
      office.data.update("payments", line.id, { status: "voided", voidReason: "Mistake" }, line.version),
      "FORBIDDEN",
    );
    expect(voiding.message).toBe("Your role may not void or refund payments.");
    const refunding = await expectAppError(
      office.data.create("payments", payment({ kind: "refund", amountCents: 500, reason: "Overpaid" })),
      "FORBIDDEN",
    );
    expect(refunding.message).toBe("Your role may not void or refund payments.");
    await admin.data.update("payments", line.id, { status: "voided", voidReason: "Test line" }, line.version);
  });

  it("never changes a voided payment, nor removes any", async () => {
    const line = await admin.data.create("payments", payment({ amountCents: 2_000 }));
    const voided = await admin.data.update(
      "payments",
      line.id,
      { status: "voided", voidReason: "Entered twice" },
      line.version,
    );
    const refused = await expectAppError(
      admin.data.update("payments", line.id, { amountCents: 3_000 }, voided.version),
      "VALIDATION",
    );
    expect(refused.message).toBe("A voided payment cannot be changed.");
    await expectAppError(admin.data.update("payments", line.id, { status: "recorded" }, voided.version), "VALIDATION");
    // A void needs its reason.
    const other = await admin.data.create("payments", payment({ amountCents: 3_000 }));
    await expectAppError(admin.data.update("payments", other.id, { status: "voided" }, other.version), "VALIDATION");
    await expectAppError(admin.data.remove("payments", other.id, other.version), "FORBIDDEN");
    await admin.data.update("payments", other.id, { status: "voided", voidReason: "Test line" }, other.version);
  });

  it("fixes the receipt's balance when the payment is recorded, answers it; no client sets it", async () => {
    const before = (await account()).balanceCents;
    for (const given of [{ balanceAfterCents: 1 }, { receivedBy: "Someone else" }, { receivedByUserId: "u-x" }]) {
      const refused = await expectAppError(admin.data.create("payments", payment(given)), "VALIDATION");
      expect(refused.fields).toEqual({ [Object.keys(given)[0]!]: "Set by the system: leave it out" });
    }
    const line = await admin.data.create("payments", payment({ amountCents: 5_000 }));
    expect(line.balanceAfterCents).toBe(before - 5_000);
    expect((await admin.data.get("payments", line.id)).balanceAfterCents).toBe(before - 5_000);
    const later = await admin.data.create("payments", payment({ amountCents: 7_000 }));
    await admin.data.update("payments", later.id, { status: "voided", voidReason: "Wrong resident" }, later.version);
    const stored = await admin.data.get("payments", line.id);
    for (const given of [{ balanceAfterCents: 2 }, { balanceAfterCents: null }, { receivedBy: "Someone else" }])
      await expectAppError(
        admin.data.update("payments", line.id, { notes: "Cheque 1043", ...given }, stored.version),
        "VALIDATION",
      );
    await admin.data.update("payments", line.id, { notes: "Cheque 1043" }, stored.version);
    expect((await admin.data.get("payments", line.id)).balanceAfterCents).toBe(before - 5_000);
    expect((await admin.data.get("payments", later.id)).balanceAfterCents).toBe(before - 12_000);
    await admin.data.update("payments", line.id, { status: "voided", voidReason: "Test line" }, stored.version + 1);
  });

  it("never changes a recorded payment's money or what it is for: a wrong one is voided and recorded again", async () => {
    const line = await office.data.create("payments", payment({ amountCents: 4_000, method: "cash" }));
    const paid = (await account()).paidCents;
    const cases = [
      [
        { amountCents: 1 },
        "amountCents",
        "A recorded payment's amount cannot be changed: void it and record the right one",
      ],
      [
        { receivedOn: "2025-03-09" },
        "receivedOn",
        "A recorded payment's date cannot be changed: void it and record the right one",
      ],
      [
        { residentId: "someone-else" },
        "residentId",
        "A recorded payment's resident cannot be changed: void it and record it for the right one",
      ],
      [
        { kind: "refund", reason: "Made up" },
        "kind",
        "A recorded payment's kind cannot be changed: void it and record the right one",
      ],
    ] as const;
    for (const [patch, field, message] of cases)
      for (const who of [office, admin]) {
        const refused = await expectAppError(who.data.update("payments", line.id, patch, line.version), "VALIDATION");
        expect(refused.message).toBe(message);
        expect(refused.fields?.[field]).toBe(message);
      }
    expect(await admin.data.get("payments", line.id)).toMatchObject({
      amountCents: 4_000,
      receivedOn: "2025-03-02",
      version: 1,
    });
    expect((await account()).paidCents).toBe(paid);
    // Typos that move no money stay editable, the same values given again too.
    const typo = await office.data.update(
      "payments",
      line.id,
      { method: "check", reference: "1044", notes: "Cheque", amountCents: 4_000 },
      line.version,
    );
    expect(typo).toMatchObject({
      method: "check",
      reference: "1044",
      amountCents: 4_000,
      balanceAfterCents: line.balanceAfterCents,
    });
    await admin.data.update("payments", line.id, { status: "voided", voidReason: "Test line" }, typo.version);
  });

  it("refuses a void reason without a void, and a payment dated before 1990 or more than a year ahead", async () => {
    const reasoned = await expectAppError(
      office.data.create("payments", payment({ voidReason: "Why not" })),
      "VALIDATION",
    );
    expect(reasoned.fields?.voidReason).toBe("A void reason goes only with voiding the payment");
    const line = await office.data.create("payments", payment({ amountCents: 1_500 }));
    await expectAppError(office.data.update("payments", line.id, { voidReason: "Later" }, line.version), "VALIDATION");
    const ancient = await expectAppError(
      office.data.create("payments", payment({ receivedOn: "0000-01-01" })),
      "VALIDATION",
    );
    expect(ancient.fields?.receivedOn).toBe("Enter the day the payment was received (not before 1990)");
    const ahead = await expectAppError(
      office.data.create("payments", payment({ receivedOn: "2999-01-01" })),
      "VALIDATION",
    );
    expect(ahead.fields?.receivedOn).toBe("A payment can be dated at most a year ahead");
    await admin.data.update("payments", line.id, { status: "voided", voidReason: "Test line" }, line.version);
  });

  it("counts a refund as money paid back: the balance rises, with its reason", async () => {
    const before = await account();
    await expectAppError(admin.data.create("payments", payment({ kind: "refund", amountCents: 2_500 })), "VALIDATION");
    const refund = await admin.data.create(
      "payments",
      payment({ kind: "refund", amountCents: 2_500, method: "ach", reason: "Overpaid in March" }),
    );
    expect(await account()).toMatchObject({
      paidCents: before.paidCents - 2_500,
      balanceCents: before.balanceCents + 2_500,
    });
    expect((await admin.data.get("payments", refund.id)).balanceAfterCents).toBe(before.balanceCents + 2_500);
    expect((await rollRow())?.balanceCents).toBe(before.balanceCents + 2_500);
  });
});
