// The medical list's queries against the in-memory backend: active residents first, entries read in
// batches of at most 30 ids, and latest vitals found even behind a full page of someone else's.
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryBackend } from "@care/adapter-memory/memory-backend";
import { memoryClient } from "@care/adapter-memory/memory-client";
import type { TListQuery } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { TCollectionName, TRecordOf } from "@care/core/registry";
import { loadMedicalSummaries, loadResidentsPage } from "./medical-queries.ts";

const ADMIN = { email: "admin@example.com", password: "a-long-password-1" };

/** Counts list calls per collection and checks every `in` filter stays within the limit. */
function counting(data: DataPort) {
  const calls: Record<string, TListQuery[]> = {};
  const spy: DataPort = Object.create(data) as DataPort;
  spy.list = ((collection: TCollectionName, query?: TListQuery) => {
    (calls[collection] ??= []).push(query ?? {});
    return data.list(collection, query);
  }) as DataPort["list"];
  return { spy, calls };
}

describe("medical records queries", () => {
  let data: DataPort;

  beforeEach(async () => {
    const client = memoryClient(createMemoryBackend({ admin: ADMIN }));
    await client.auth.signIn(ADMIN);
    data = client.data;
  });

  async function resident(lastName: string, status: "active" | "discharged" = "active", facilityId = "van-buren") {
    return data.create("residents", {
      facilityId,
      firstName: "Pat",
      lastName,
      dateOfBirth: "1940-01-01",
      gender: "female",
      status,
      admissionDate: "2020-01-01",
      ...(status === "discharged" ? { dischargeDate: "2024-01-01" } : {}),
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    });
  }

  it("lists the facility's active residents first, then the others, a page at a time", async () => {
    await resident("Adams", "discharged");
    await resident("Young");
    await resident("Baker");
    await resident("Carter", "active", "tull");
    const first = await loadResidentsPage(data, "van-buren", "", undefined, 2);
    expect(first.items.map((r) => r.lastName)).toEqual(["Baker", "Young"]);
    const second = await loadResidentsPage(data, "van-buren", "", first.next!, 2);
    expect(second.items.map((r) => r.lastName)).toEqual(["Adams"]);
    expect(second.next).toBeNull();
    const searched = await loadResidentsPage(data, "van-buren", "you", undefined, 10);
    expect(searched.items.map((r) => r.lastName)).toEqual(["Young"]);
    const everywhere = await loadResidentsPage(data, "", "", undefined, 10);
    expect(everywhere.items.map((r) => r.lastName)).toEqual(["Baker", "Carter", "Young", "Adams"]);
  });

  it("reads the entries of 35 residents in batches of at most 30 ids, not one query per resident", async () => {
    const residents: TRecordOf<"residents">[] = [];
    for (let i = 0; i < 35; i++) residents.push(await resident(`R${String(i).padStart(2, "0")}`));
    const link = (i: number) => ({ residentId: residents[i]!.id, facilityId: "van-buren" });
    await data.create("vitals", {
      ...link(0),
      recordedAt: "2026-11-20T08:00:00.000Z",
      systolic: 120,
      diastolic: 80,
      recordedBy: "nurse",
    });
    await data.create("vitals", { ...link(0), recordedAt: "2026-11-21T08:00:00.000Z", pulse: 66, recordedBy: "nurse" });
    await data.create("vitals", { ...link(34), recordedAt: "2026-11-01T08:00:00.000Z", pulse: 70, recordedBy: "aide" });
    await data.create("medications", {
      ...link(34),
      name: "Metformin",
      dose: "500 mg",
      route: "oral",
      frequency: "bid",
    });
    await data.create("medications", {
      ...link(34),
      name: "Amoxicillin",
      dose: "250 mg",
      route: "oral",
      frequency: "tid",
      stopDate: "2026-11-01",
    });
    await data.create("allergies", { ...link(31), allergen: "Penicillin", severity: "severe" });
    await data.create("incidents", {
      ...link(2),
      occurredAt: "2026-11-18T10:00:00.000Z",
      type: "fall",
      description: "x",
    });
    await data.create("incidents", {
      ...link(2),
      occurredAt: "2026-09-01T10:00:00.000Z",
      type: "fall",
      description: "y",
    });

    const { spy, calls } = counting(data);
    const summaries = await loadMedicalSummaries(
      spy,
      residents.map((r) => r.id),
      new Date("2026-11-21T12:00:00.000Z"),
    );
    for (const name of ["vitals", "medications", "allergies", "incidents"]) {
      expect(calls[name]?.length, name).toBe(2);
      for (const query of calls[name]!) expect((query.where?.residentId as string[]).length).toBeLessThanOrEqual(30);
    }
    expect(summaries.size).toBe(35);
    expect(summaries.get(residents[0]!.id)!.latestVitals?.pulse).toBe(66);
    expect(summaries.get(residents[34]!.id)!.latestVitals?.pulse).toBe(70);
    expect(summaries.get(residents[34]!.id)!.activeMedications.map((m) => m.name)).toEqual(["Metformin"]);
    expect(summaries.get(residents[31]!.id)!.allergies.map((a) => a.allergen)).toEqual(["Penicillin"]);
    expect(summaries.get(residents[2]!.id)!.recentIncidents.map((i) => i.description)).toEqual(["x"]);
    expect(summaries.get(residents[1]!.id)!.latestVitals).toBeNull();
  });

  it("finds a resident's older latest vitals behind a full page of another resident's", async () => {
    const busy = await resident("Busy");
    const quiet = await resident("Quiet");
    for (let i = 0; i < 501; i++) {
      const at = new Date(Date.UTC(2026, 10, 20, 0, i)).toISOString();
      await data.create("vitals", {
        residentId: busy.id,
        facilityId: "van-buren",
        recordedAt: at,
        pulse: 70,
        recordedBy: "n",
      });
    }
    await data.create("vitals", {
      residentId: quiet.id,
      facilityId: "van-buren",
      recordedAt: "2025-01-01T00:00:00.000Z",
      pulse: 88,
      recordedBy: "n",
    });
    const summaries = await loadMedicalSummaries(data, [busy.id, quiet.id], new Date("2026-11-21T12:00:00.000Z"));
    expect(summaries.get(quiet.id)!.latestVitals?.pulse).toBe(88);
    expect(summaries.get(busy.id)!.latestVitals?.recordedAt).toBe(
      new Date(Date.UTC(2026, 10, 20, 0, 500)).toISOString(),
    );
  });
});
