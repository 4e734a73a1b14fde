// Two payments of one balance at the same moment, through the real app on PostgreSQL: the agent's row
// lock makes the API's payment wait for the one in flight and count it, so it is refused beside its
// amount — never both recorded (the fee paid twice this check exists to prevent).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { injectApi } from "../test/inject-api.ts";

let t: TestApp;
let cookie: string;
const { call } = injectApi(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await t.login(t.admin.email, t.admin.password);
});

afterAll(async () => {
  await t?.cleanup();
});

describe("fee entries written at once", () => {
  it("refuses a payment of a balance another payment in flight is settling", async () => {
    const agent = await call(cookie, "POST", "/referralAgents", { data: { name: "Concurrent Placement" } });
    const agentId = agent.body.id as string;
    await call(cookie, "POST", "/agentFeeTerms", {
      id: agentId,
      data: { agentId, kind: "flat", flatCents: 150_000 },
    });
    const referral = await call(cookie, "POST", "/referrals", {
      data: {
        facilityId: "tull",
        referredOn: "2026-11-02",
        source: "agent",
        agentId,
        firstName: "Iris",
        lastName: "Okafor",
        status: "moved_in",
        closeReason: "moved_in",
        moveInDate: "2026-11-10",
        firstMonthRentCents: 500_000,
      },
    });
    expect(referral.status).toBe(201);
    const payment = {
      data: {
        referralId: referral.body.id,
        agentId,
        facilityId: "tull",
        kind: "payment",
        date: "2026-11-20",
        amountCents: 150_000,
        method: "check",
      },
    };
    // Another writer is in the middle of paying the balance: it holds the agent's row and has written
    // its payment, not yet committed. The API's payment must wait for it, then count it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = t.database.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM referral_agents WHERE id = ${agentId} FOR UPDATE`;
        await tx.referralFee.create({
          data: { ...payment.data, id: "payment-in-flight", amountCents: 150_000n, referralId: referral.body.id },
        });
        await held;
      },
      { timeout: 10_000 },
    );
    const answer = call(cookie, "POST", "/referralFees", payment);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holding;
    const refused = await answer;
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ amountCents: "Nothing is left to pay" });
  });
});
