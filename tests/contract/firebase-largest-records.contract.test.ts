// The largest valid record of the collections whose rules cost most, written through the adapter on
// the Cloud Firestore emulator, whose rules engine counts the expressions a request evaluates as
// production does: every optional field set, each free text at its maximum, each list full. The rules'
// cost estimate (adapters/firebase/src/rules-cost.ts) says every generated rule fits within 1,000
// expressions for such a record; were it wrong, the create or the update here would be refused.
// Firebase alone (the limit is Firestore's); a training requirement's parts go through the
// writeCheckedRecord function, which checks them instead of the rules (checked-fields.ts).
import { expect, it } from "vitest";
import { getCollection, type TCollectionName, type TRecordOf } from "@care/core/registry";
import { residentInput } from "../../server/src/test/fixtures.ts";
import { runContract, unique } from "./contract-runner.ts";
import type { TPorts } from "./harness.ts";

/** The part of a zod schema this file reads (zod's `_zod.def`). */
interface TZod {
  _zod: {
    def: {
      type?: string;
      innerType?: TZod;
      in?: TZod;
      out?: TZod;
      shape?: Record<string, TZod>;
      element?: TZod;
      entries?: Record<string, string>;
      check?: string;
      checks?: TZod[];
      maximum?: number;
    };
  };
}

/** The schema a stored value is checked by: behind `optional`, defaults and transforms. */
function unwrap(node: TZod): TZod {
  const def = node._zod.def;
  if (["optional", "nullable", "default", "prefault"].includes(def.type ?? "")) return unwrap(def.innerType!);
  if (def.type === "pipe") return unwrap(def.out!._zod.def.type === "transform" ? def.in! : def.out!);
  return node;
}

/** The most elements or characters a list or a string may hold, as its checks say. */
function maximum(node: TZod): number | undefined {
  const checks = (node._zod.def.checks ?? []).map((c) => c._zod.def);
  return checks.find((c) => c.check === "max_length")?.maximum;
}

/** A string of no pattern nor format. */
const freeText = (node: TZod) =>
  node._zod.def.type === "string" && !(node._zod.def.checks ?? []).some((c) => c._zod.def.check === "string_format");

/** True when the field's schema takes `text` and stores it as written (a phone number is formatted: not one). */
function storedAsWritten(schema: TZod, text: string): boolean {
  const parsed = (schema as unknown as { safeParse(v: unknown): { success: boolean; data?: unknown } }).safeParse(text);
  return parsed.success && parsed.data === text;
}

/**
 * `value` (a valid record, list or field of `schema`) at its largest: each free text padded to its
 * maximum, absent ones too, a list of enum values holding every value, a list of objects full of its
 * first element at its largest. Other values (ids, dates, numbers) stay as given.
 */
function largest(schema: TZod, value: unknown): unknown {
  const node = unwrap(schema);
  const def = node._zod.def;
  if (freeText(node) && maximum(node) !== undefined) {
    const padded = (typeof value === "string" ? value : "x").padEnd(maximum(node)!, "x");
    return storedAsWritten(schema, padded) ? padded : value;
  }
  if (def.type === "object" && value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(def.shape!)
        .map(([key, field]) => [key, largest(field, record[key])])
        .filter(([, field]) => field !== undefined),
    );
  }
  if (def.type === "array" && Array.isArray(value)) {
    const element = unwrap(def.element!);
    const max = maximum(node) ?? 10;
    if (element._zod.def.type === "enum") return Object.values(element._zod.def.entries!).slice(0, max);
    if (element._zod.def.type === "object" && value.length > 0)
      return Array.from({ length: max }, () => largest(element, value[0]));
  }
  return value;
}

/** The record `input` of the collection `name` at its largest. */
function largestOf(name: TCollectionName, input: Record<string, unknown>): Record<string, unknown> {
  return largest(getCollection(name).schema as unknown as TZod, input) as Record<string, unknown>;
}

await runContract(
  "data",
  (ctx) => {
    let admin: TPorts;

    /** Creates the largest record, then updates it with every free text rewritten: each rule's worst case. */
    async function writeLargest<N extends TCollectionName>(name: N, input: Record<string, unknown>) {
      admin ??= await ctx.signedIn();
      const record = largestOf(name, input);
      const created = (await admin.data.create(name, record as never).catch((error: unknown) => {
        throw new Error(`${name}: ${JSON.stringify((error as { fields?: unknown }).fields ?? String(error))}`);
      })) as TRecordOf<N> & {
        id: string;
        version: number;
      };
      // What `largest` filled reads back as written: the texts, the lists (a packed one unpacked).
      const filled = (fields: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(fields).filter(([, v]) => Array.isArray(v) || (typeof v === "string" && v.endsWith("xx"))),
        );
      expect(created).toMatchObject(filled(record));
      const rewritten = Object.fromEntries(
        Object.entries(record).map(([field, value]) => [
          field,
          typeof value === "string" && value.endsWith("xx") ? `${value.slice(0, -1)}y` : value,
        ]),
      );
      const updated = await admin.data.update(name, created.id, rewritten as never, created.version);
      const keys = Object.keys(filled(record));
      expect(updated).toMatchObject(Object.fromEntries(keys.map((field) => [field, rewritten[field]])));
    }

    it("takes a resident with every field and ten full emergency contacts", async () => {
      const contact = {
        name: "Grace | King; ~",
        relationship: "Daughter",
        phone: "(559) 555-0100",
        altPhone: "(559) 555-0101",
        email: "grace@contract.test",
        responsibleParty: true,
        powerOfAttorney: true,
      };
      await writeLargest(
        "residents",
        residentInput("tull", unique("Largest"), {
          status: "discharged",
          statusDate: "2026-06-01",
          dischargeDate: "2026-06-01",
          referralLogId: unique("referral"),
          emergencyContacts: [contact],
          monthlyRateCents: 450_000,
          dementia: true,
        }),
      );
    });

    it("takes a referral with every field", async () => {
      admin ??= await ctx.signedIn();
      const agent = await admin.data.create("referralAgents", { name: unique("Largest agency") });
      await writeLargest("referrals", {
        facilityId: "tull",
        referredOn: "2026-11-02",
        source: "agent",
        agentId: agent.id,
        firstName: "Rosa",
        lastName: unique("Largest"),
        dateOfBirth: "1941-06-09",
        phone: "559 555 0142",
        email: `${unique("rosa")}@example.org`,
        budgetCents: 500_000,
        desiredMoveIn: "2026-12-01",
        nextFollowUp: "2026-11-10",
      });
    });

    it("takes a staff member with every field", async () => {
      await writeLargest("staff", {
        facilityId: "tull",
        firstName: "Largest",
        lastName: unique("Staff"),
        position: "caregiver",
      });
    });

    it("takes a training requirement with ten full parts, through the function", async () => {
      await writeLargest("trainingRequirements", {
        name: unique("Largest requirement"),
        positions: ["caregiver"],
        period: "initial",
        withinDays: 30,
        yearBasis: "calendar",
        hours: 40,
        categories: ["annual"],
        parts: [{ label: "Part", categories: ["annual"], onlineOnly: true, minHours: 1, maxHours: 2 }],
        leadTimeDays: 30,
        sortOrder: 5,
      });
    });
  },
  "firebase",
);
