// The insights endpoints through the real app (inject) on a fresh test database, with data made
// through the API: a missing, an expiring and an expired document, rent past due and a snoozed
// derived reminder; a limited user's reach; and 400s for bad queries.
import { reminderStateId } from "@care/core/rules/reminders.rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCENARIO_TODAY as TODAY, seedInsightsScenario } from "@care/core/insights/insights-scenario.test-support";
import { buildTestApp, signedInStaff, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";
import { uploadFile } from "../test/multipart-upload.ts";
import { SAMPLE_PDF as PDF } from "../test/upload-checks.ts";

let t: TestApp;
let adminCookie: string;
let tullCookie: string;
const ids = { ana: "", bob: "", cara: "", physician: "", appraisal: "" };

const { call, get } = injectApi(() => t.app);

async function created(collection: string, data: unknown, id?: string) {
  const response = await call(adminCookie, "POST", `/${collection}`, id === undefined ? { data } : { id, data });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Record<string, unknown> & { id: string; version: number };
}

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  tullCookie = (await signedInStaff(t, "tull.staff@example.test", PASSWORD, ["tull"])).cookie;

  // Only the types of this test: retire the seeded defaults.
  const seeded = await get(adminCookie, `/documentTypes${q({ limit: 500 })}`);
  for (const type of seeded.body.items as { id: string; version: number }[]) {
    const removed = await call(adminCookie, "DELETE", `/documentTypes/${type.id}?version=${type.version}`);
    expect(removed.status).toBe(204);
  }
  Object.assign(
    ids,
    await seedInsightsScenario(
      {
        create: (collection, data, id) => created(collection, data, id),
        async uploadPdf(facilityId) {
          const response = await uploadFile(t.app, adminCookie, facilityId, "report.pdf", PDF, "application/pdf");
          expect(response.status, JSON.stringify(response.body)).toBe(201);
          return response.body as { id: string; size: number };
        },
      },
      { typeIds: { physician: "t-602a", appraisal: "t-603", photo: "t-photo" }, lastNameSuffix: "" },
    ),
  );
});

afterAll(async () => {
  await t?.cleanup();
});

type TSubject = { subjectId: string; subject: string; status: string; counts: object; requirements: object[] };

describe("GET /insights/compliance", () => {
  it("gives each resident's status per type: expired beats expiring, optional types never count", async () => {
    const response = await get(adminCookie, `/insights/compliance?facilityId=tull&subject=resident&today=${TODAY}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const subjects = response.body.subjects as TSubject[];
    expect(subjects.map((s) => s.subjectId).sort()).toEqual([ids.ana, ids.bob].sort());
    const ana = subjects.find((s) => s.subjectId === ids.ana)!;
    expect(ana).toMatchObject({ subject: "resident", status: "expired", name: "Garcia, Ana", facilityId: "tull" });
    expect(ana.counts).toEqual({ complete: 0, missing: 0, expiring: 1, expired: 1 });
    expect(ana.requirements).toEqual([
      {
        typeId: "t-602a",
        typeName: "Physician's Report",
        formCode: "LIC 602A",
        required: true,
        status: "expiring",
        documentId: ids.physician,
        expiryDate: "2026-03-10",
      },
      {
        typeId: "t-603",
        typeName: "Appraisal",
        formCode: "LIC 603",
        required: true,
        status: "expired",
        documentId: ids.appraisal,
        expiryDate: "2025-12-01",
      },
      { typeId: "t-photo", typeName: "Photo", required: false, status: "missing" },
    ]);
    const bob = subjects.find((s) => s.subjectId === ids.bob)!;
    expect(bob).toMatchObject({ status: "missing", counts: { complete: 0, missing: 2, expiring: 0, expired: 0 } });
  });

  it("answers for the given subjects only, and a day decides the status", async () => {
    const response = await get(adminCookie, `/insights/compliance?subjectIds=${ids.ana},${ids.cara}&today=2025-06-01`);
    expect(response.status).toBe(200);
    const subjects = response.body.subjects as TSubject[];
    expect(subjects.map((s) => [s.subjectId, s.status]).sort()).toEqual(
      [
        [ids.ana, "complete"],
        [ids.cara, "missing"],
      ].sort(),
    );
  });

  it("covers every facility for an admin and only theirs for a limited user; 404 beyond", async () => {
    const all = await get(adminCookie, `/insights/compliance?today=${TODAY}`);
    const allIds = (all.body.subjects as TSubject[]).map((s) => s.subjectId);
    expect(allIds).toEqual(expect.arrayContaining([ids.ana, ids.bob, ids.cara, "tull", "newman"]));

    const mine = await get(tullCookie, `/insights/compliance?today=${TODAY}`);
    expect(mine.status).toBe(200);
    const mineIds = (mine.body.subjects as TSubject[]).map((s) => s.subjectId).sort();
    expect(mineIds).toEqual([ids.ana, ids.bob, "tull"].sort());

    expect((await get(tullCookie, `/insights/compliance?facilityId=newman&today=${TODAY}`)).status).toBe(404);
    expect((await get(tullCookie, `/insights/compliance?subjectIds=${ids.cara}&today=${TODAY}`)).body.subjects).toEqual(
      [],
    );
    // Naming another facility as a subject does not widen the limited user's reach either.
    const named = await get(tullCookie, `/insights/compliance?subjectIds=newman,tull&today=${TODAY}`);
    expect((named.body.subjects as TSubject[]).map((s) => s.subjectId)).toEqual(["tull"]);
    expect((await get(adminCookie, `/insights/compliance?facilityId=nowhere&today=${TODAY}`)).status).toBe(404);
    expect((await get("", `/insights/compliance?today=${TODAY}`)).status).toBe(401);
  });

  it("answers identical concurrent questions alike, one user's scope never another's", async () => {
    const url = `/insights/compliance?today=${TODAY}`;
    const [a, b, limited, c] = await Promise.all([
      get(adminCookie, url),
      get(adminCookie, url),
      get(tullCookie, url),
      get(adminCookie, `/insights/compliance?facilityId=nowhere&today=${TODAY}`),
    ]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect((limited.body.subjects as TSubject[]).map((s) => s.subjectId).sort()).toEqual(
      [ids.ana, ids.bob, "tull"].sort(),
    );
    expect((a.body.subjects as TSubject[]).length).toBeGreaterThan((limited.body.subjects as TSubject[]).length);
    expect(c.status).toBe(404);
    const raw = await t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: { cookie: adminCookie } });
    expect(raw.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(raw.body)).toEqual(a.body);
  });

  it("answers 400 for a bad date, subject or too many ids", async () => {
    const bad = await get(adminCookie, `/insights/compliance?today=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["today"]);
    expect((await get(adminCookie, `/insights/compliance`)).status).toBe(400);
    expect((await get(adminCookie, `/insights/compliance?today=${TODAY}&subject=pets`)).status).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => `r${i}`).join(",");
    const tooMany = await get(adminCookie, `/insights/compliance?today=${TODAY}&subjectIds=${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toEqual({ subjectIds: "At most 100 ids" });
  });
});

describe("GET /insights/reminders", () => {
  it("answers groups with counts and pages their items; reminders are due when action is due", async () => {
    const response = await get(adminCookie, `/insights/reminders?facilityId=tull&today=${TODAY}&limit=50`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items = response.body.items as Array<Record<string, unknown>>;
    expect(items.map((r) => [r.kind, r.title, r.dueDate, r.expiryDate, r.state])).toEqual([
      ["document-missing", "LIC 603 Appraisal missing — Lee, Bob", "2025-06-01", undefined, "open"],
      ["reappraisal-due", "Reappraisal due: LIC 603 Appraisal — Garcia, Ana", "2025-11-01", "2025-12-01", "open"],
      ["rent-overdue", "Rent past due: $1,250.50 — Garcia, Ana", "2026-02-01", undefined, "open"],
      ["document-expiring", "LIC 602A Physician's Report expiring — Garcia, Ana", "2026-02-08", "2026-03-10", "open"],
    ]);
    expect(response.body).toMatchObject({ total: 4, due: 4, nextOffset: null });
    expect(
      (response.body.groups as Array<Record<string, unknown>>).map((g) => [g.id, g.label, g.count, g.kinds]),
    ).toEqual([
      [`resident|${ids.bob}`, "Lee, Bob", 1, { "document-missing": 1 }],
      [`resident|${ids.ana}`, "Garcia, Ana", 3, { "reappraisal-due": 1, "rent-overdue": 1, "document-expiring": 1 }],
    ]);
    const page = await get(
      adminCookie,
      `/insights/reminders?facilityId=tull&today=${TODAY}&group=${encodeURIComponent(`resident|${ids.ana}`)}&offset=1&limit=1`,
    );
    expect((page.body.items as Array<{ kind: string }>).map((r) => r.kind)).toEqual(["rent-overdue"]);
    expect(page.body.nextOffset).toBe(2);
    // The snooze is settled until it runs out on 2026-03-01: then open again.
    const key = `missing|resident|${ids.bob}|t-602a`;
    const settled = await get(adminCookie, `/insights/reminders?facilityId=tull&today=${TODAY}&view=settled&limit=50`);
    expect(settled.body.items).toEqual([
      expect.objectContaining({
        key,
        state: "snoozed",
        snoozedUntil: "2026-03-01",
        stateRecord: { id: reminderStateId("tull", key), version: 1 },
      }),
    ]);
    const later = await get(adminCookie, `/insights/reminders?facilityId=tull&today=2026-03-01&limit=50`);
    const again = (later.body.items as Array<Record<string, unknown>>).find((r) => r.key === key);
    expect(again?.state).toBe("open");
  });

  it("records a waiver with its reason, audited, met in compliance, ending the requirement's reminders", async () => {
    const key = `missing|resident|${ids.bob}|t-603`;
    const missingReason = await call(tullCookie, "POST", "/reminderStates", {
      id: reminderStateId("tull", key),
      data: { facilityId: "tull", key, state: "waived" },
    });
    expect(missingReason.status).toBe(400);
    expect(missingReason.body.error.fields).toEqual({ reason: "Say why this document is not needed" });
    const waiver = await call(tullCookie, "POST", "/reminderStates", {
      id: reminderStateId("tull", key),
      data: { facilityId: "tull", key, state: "waived", reason: "Not applicable to this resident" },
    });
    expect(waiver.status, JSON.stringify(waiver.body)).toBe(201);
    const audit = await get(
      adminCookie,
      `/auditLog${q({ where: { collection: "reminderStates", recordId: reminderStateId("tull", key) }, limit: 10 })}`,
    );
    expect((audit.body.items as { action: string; actorId: string }[]).map((r) => r.action)).toEqual(["create"]);

    const open = await get(adminCookie, `/insights/reminders?facilityId=tull&today=${TODAY}&limit=50`);
    expect((open.body.items as { key: string }[]).some((r) => r.key === key)).toBe(false);
    const settled = await get(adminCookie, `/insights/reminders?facilityId=tull&today=${TODAY}&view=settled&limit=50`);
    expect((settled.body.items as { key: string }[]).find((r) => r.key === key)).toMatchObject({
      state: "waived",
      waiverReason: "Not applicable to this resident",
    });
    const compliance = await get(adminCookie, `/insights/compliance?subjectIds=${ids.bob}&today=${TODAY}`);
    const bob = (compliance.body.subjects as TSubject[])[0] as unknown as {
      requirements: { typeId: string; status: string; waiverReason?: string }[];
    };
    expect(bob.requirements.find((r) => r.typeId === "t-603")).toMatchObject({
      status: "complete",
      waiverReason: "Not applicable to this resident",
    });

    const removed = await call(tullCookie, "DELETE", `/reminderStates/${reminderStateId("tull", key)}?version=1`);
    expect(removed.status).toBe(204);
    const back = await get(adminCookie, `/insights/reminders?facilityId=tull&today=${TODAY}&limit=50`);
    expect((back.body.items as { key: string; state: string }[]).find((r) => r.key === key)?.state).toBe("open");
  });

  it("shows a limited user only their facilities' reminders; 404 for another facility; 400 for a bad query", async () => {
    const mine = await get(tullCookie, `/insights/reminders?today=${TODAY}&limit=500`);
    expect(mine.status).toBe(200);
    expect(new Set((mine.body.items as { facilityId: string }[]).map((r) => r.facilityId))).toEqual(new Set(["tull"]));
    const all = await get(adminCookie, `/insights/reminders?today=${TODAY}&limit=500`);
    expect((all.body.items as { link: { id: string } }[]).some((r) => r.link.id === ids.cara)).toBe(true);
    expect((await get(tullCookie, `/insights/reminders?facilityId=newman&today=${TODAY}`)).status).toBe(404);
    expect((await get(adminCookie, `/insights/reminders?today=20260220`)).status).toBe(400);
    expect((await get(adminCookie, `/insights/reminders?today=${TODAY}&limit=501`)).status).toBe(400);
    expect((await get(adminCookie, `/insights/reminders?today=${TODAY}&groupBy=colour`)).status).toBe(400);
  });

  it("answers 400 naming the field for a NUL byte, an unknown value or a huge number in any insights query", async () => {
    const cases: [string, string][] = [
      [`/insights/reminders?today=${TODAY}&group=%00`, "group"],
      [`/insights/reminders?today=${TODAY}&search=a%00b`, "search"],
      [`/insights/reminders?today=${TODAY}&kind=nope`, "kind"],
      [`/insights/reminders?today=${TODAY}&offset=1e300`, "offset"],
      [`/insights/reminders?today=${TODAY}&offset=99999999999`, "offset"],
      [`/insights/resident-matches?firstName=A%00&lastName=B&dateOfBirth=1950-01-01`, "firstName"],
      [`/insights/referral-matches?lastName=%0A%00`, "lastName"],
      [`/insights/agent-stats?agentIds=a&year=99999999`, "year"],
      [`/insights/compliance?today=${TODAY}&subjectIds=a%00`, "subjectIds"],
      [`/reports/census?from=${TODAY}&to=${TODAY}&today=${TODAY}&facilityId=%00`, "facilityId"],
    ];
    for (const [url, field] of cases) {
      const response = await get(adminCookie, url);
      expect(response.status, url).toBe(400);
      expect(response.body.error.code, url).toBe("VALIDATION");
      expect(Object.keys(response.body.error.fields ?? {}), url).toContain(field);
    }
  });
});

describe("GET /insights/facility-stats", () => {
  it("answers a limited caregiver their home's figures, with those of areas their role cannot read as null", async () => {
    const url = "/insights/facility-stats";
    const caregiver = (await signedInStaff(t, "tull.caregiver@example.test", PASSWORD, ["tull"], "caregiver")).cookie;
    const office = (await signedInStaff(t, "tull.office@example.test", PASSWORD, ["tull"], "office")).cookie;
    // Asked at once with a house manager of the same home: each answer is for the asker's own role.
    const [mine, manager, offices] = await Promise.all([get(caregiver, url), get(tullCookie, url), get(office, url)]);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.items).toEqual([
      {
        facilityId: "tull",
        census: 2,
        plannedMoveIns: 0,
        staff: null,
        // On the home's real today: Ana's appraisal ran out in 2025.
        compliance: { status: "expired", counts: expect.objectContaining({ complete: 0 }) },
      },
    ]);
    expect(manager.body.items).toEqual([expect.objectContaining({ census: 2, staff: expect.any(Number) })]);
    expect(offices.body.items).toEqual([
      { facilityId: "tull", census: 2, plannedMoveIns: 0, staff: null, compliance: null },
    ]);
    expect((await get(caregiver, `${url}?facilityIds=newman`)).body.items).toEqual([]);
  });
});

describe("records filed at another home", () => {
  // Rows as a record left behind by a move, or written before links were checked, would be: put in
  // the database directly, since every write path now refuses them.
  it("count nothing for a subject of this home: no compliance, no settled reminder", async () => {
    const now = new Date();
    const meta = { version: 1, createdAt: now, updatedAt: now, createdBy: null, updatedBy: null, archivedAt: null };
    const bobKey = `missing|resident|${ids.bob}|t-603`;
    await t.database.prisma.document.create({
      data: {
        ...meta,
        id: "filed-at-newman",
        subject: "resident",
        subjectId: ids.bob,
        facilityId: "newman",
        typeId: "t-603",
        fileId: "no-file",
        fileName: "appraisal.pdf",
        contentType: "application/pdf",
        size: 1,
        issueDate: "2026-01-01",
        current: true,
      },
    });
    await t.database.prisma.reminderState.create({
      data: { ...meta, id: "settled-at-newman", facilityId: "newman", key: bobKey, state: "waived", reason: "Filed" },
    });
    const compliance = await get(adminCookie, `/insights/compliance?subjectIds=${ids.bob}&today=${TODAY}`);
    const bob = (compliance.body.subjects as TSubject[])[0]!;
    expect(bob.requirements).toContainEqual({
      typeId: "t-603",
      typeName: "Appraisal",
      formCode: "LIC 603",
      required: true,
      status: "missing",
    });
    // Every home at once, so the other home's state is read too.
    const reminders = await get(
      adminCookie,
      `/insights/reminders?today=${TODAY}&group=${encodeURIComponent(`resident|${ids.bob}`)}&limit=50`,
    );
    expect(reminders.status).toBe(200);
    const appraisal = (reminders.body.items as Array<Record<string, unknown>>).find((r) => r.key === bobKey);
    expect(appraisal).toMatchObject({ state: "open", facilityId: "tull" });
    expect(appraisal).not.toHaveProperty("stateRecord");
  });
});
