/**
 * The benchmark's baselines (tests/load/bench.ts starts this in its own process): bare Fastify routes
 * that serve the same rows as the app's endpoints with raw `pg` and the app's pool settings, and a hello
 * route. No sessions, no audit, no access rules: the floor the app is compared with.
 *
 *   DATABASE_URL=… PORT=… node --import tsx tests/load/baseline-server.ts
 */
import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";
import { postgresPoolConfig } from "../../server/src/db/database.ts";

const pool = new pg.Pool(postgresPoolConfig(process.env.DATABASE_URL!));
const app = Fastify({ logger: false });

const LIST = `SELECT * FROM residents WHERE "facilityId" = $1 AND "archivedAt" IS NULL`;

app.get("/hello", async () => ({ hello: "world" }));

/** First page of a facility's residents by last name (51 rows read, 50 served, like the app). */
app.get<{ Querystring: { facilityId: string; lastName?: string; id?: string } }>("/residents", async (request) => {
  const { facilityId, lastName, id } = request.query;
  const { rows } =
    lastName !== undefined && id !== undefined
      ? await pool.query(`${LIST} AND ("lastName", id) > ($2, $3) ORDER BY "lastName", id LIMIT 51`, [
          facilityId,
          lastName,
          id,
        ])
      : await pool.query(`${LIST} ORDER BY "lastName", id LIMIT 51`, [facilityId]);
  return { items: rows.slice(0, 50), nextCursor: rows.length > 50 ? rows[49].id : null };
});

app.get<{ Params: { id: string } }>("/residents/:id", async (request, reply) => {
  const { rows } = await pool.query(`SELECT * FROM residents WHERE id = $1`, [request.params.id]);
  return rows[0] ?? reply.code(404).send({ error: "not found" });
});

/** The rows the compliance and reminder summaries of a facility read: its people, documents and types. */
app.get<{ Querystring: { facilityId: string } }>("/facility-rows", async (request) => {
  const { facilityId } = request.query;
  const [residents, staff, documents, types] = await Promise.all([
    pool.query(`SELECT id, "firstName", "lastName", status FROM residents WHERE "facilityId" = $1 AND "archivedAt" IS NULL`, [facilityId]), // prettier-ignore
    pool.query(`SELECT id, "firstName", "lastName", status FROM staff WHERE "facilityId" = $1 AND "archivedAt" IS NULL`, [facilityId]), // prettier-ignore
    pool.query(`SELECT id, subject, "subjectId", "typeId", "issueDate", "expiryDate" FROM documents WHERE "facilityId" = $1 AND current AND "archivedAt" IS NULL`, [facilityId]), // prettier-ignore
    pool.query(`SELECT * FROM document_types WHERE "archivedAt" IS NULL`),
  ]);
  return { residents: residents.rows, staff: staff.rows, documents: documents.rows, types: types.rows };
});

/**
 * The rows the reports read for homes (`facilityId`, or every home): the census's residents and stay
 * events, the rent roll's charges and payments, the compliance report's documents with upload times,
 * the training report's staff and ledgers, the referrals report's referrals.
 */
app.get<{ Querystring: { facilityId?: string; report: string } }>("/report-rows", async (request) => {
  const { facilityId, report } = request.query;
  const where = facilityId ? `"facilityId" = $1 AND` : "";
  const values = facilityId ? [facilityId] : [];
  const read = (sql: string) => pool.query(sql, values).then((r) => r.rows);
  if (report === "compliance")
    return { documents: await read(`SELECT id, subject, "subjectId", "facilityId", "typeId", "issueDate", "expiryDate", "createdAt" FROM documents WHERE ${where} "archivedAt" IS NULL`) }; // prettier-ignore
  if (report === "training") {
    const [staff, entries] = await Promise.all([
      read(`SELECT id, "facilityId", "firstName", "lastName", position, "hireDate" FROM staff WHERE ${where} "archivedAt" IS NULL AND status <> 'terminated'`), // prettier-ignore
      read(`SELECT "staffId", date, hours, category, online FROM training_entries WHERE ${where} "archivedAt" IS NULL`), // prettier-ignore
    ]);
    return { staff, entries };
  }
  if (report === "referrals")
    return { referrals: await read(`SELECT id, "agentId", source, status, "referredOn", "tourAt", "moveInDate", "firstMonthRentCents", "duplicateOfId" FROM referrals WHERE ${where} "archivedAt" IS NULL`) }; // prettier-ignore
  const [residents, events, charges, payments] = await Promise.all([
    read(`SELECT id, "facilityId", status, "admissionDate", "dischargeDate", "firstName", "lastName", "monthlyRateCents" FROM residents WHERE ${where} "archivedAt" IS NULL`), // prettier-ignore
    read(`SELECT "residentId", "facilityId", type, date, "createdAt" FROM resident_events WHERE ${where} "archivedAt" IS NULL`), // prettier-ignore
    report === "rent-roll" ? read(`SELECT "residentId", "amountCents", kind, "dueDate", month, id FROM rent_charges WHERE ${where} "archivedAt" IS NULL`) : [], // prettier-ignore
    report === "rent-roll" ? read(`SELECT "residentId", "amountCents", "receivedOn" FROM payments WHERE ${where} "archivedAt" IS NULL`) : [], // prettier-ignore
  ]);
  return { residents, events, charges, payments };
});

/** The rows a home's schedule week reads: its shifts of the week and the day before, its staff and residents. */
app.get<{ Querystring: { facilityId: string; from: string; to: string } }>("/schedule-rows", async (request) => {
  const { facilityId, from, to } = request.query;
  const [shifts, staff, residents] = await Promise.all([
    pool.query(`SELECT * FROM shifts WHERE "facilityId" = $1 AND date >= $2 AND date <= $3 ORDER BY date, start, id`, [facilityId, from, to]), // prettier-ignore
    pool.query(`SELECT id, "firstName", "lastName", position, status, "facilityId", "hireDate", "terminationDate", "clearanceStatus" FROM staff WHERE ("facilityId" = $1 OR "otherFacilityIds" && ARRAY[$1]) AND "archivedAt" IS NULL AND status <> 'terminated'`, [facilityId]), // prettier-ignore
    pool.query(`SELECT status, "admissionDate", "dischargeDate", dementia FROM residents WHERE "facilityId" = $1 AND "archivedAt" IS NULL`, [facilityId]), // prettier-ignore
  ]);
  return { shifts: shifts.rows, staff: staff.rows, residents: residents.rows };
});

app.post<{ Body: { facilityId: string; firstName: string; lastName: string } }>("/residents", async (request) => {
  const { facilityId, firstName, lastName } = request.body;
  const { rows } = await pool.query(
    `INSERT INTO residents (id, "facilityId", "firstName", "lastName", "dateOfBirth", gender, "admissionDate", "ambulatoryStatus", "codeStatus", "createdBy")
     VALUES ($1, $2, $3, $4, '1940-01-01', 'female', '2026-11-01', 'ambulatory', 'full_code', 'bench-baseline') RETURNING *`,
    [`bench-raw-${randomUUID()}`, facilityId, firstName, lastName],
  ); // prettier-ignore
  return rows[0];
});

app.patch<{ Params: { id: string }; Body: { version: number; notes: string } }>(
  "/residents/:id",
  async (request, reply) => {
    const { rows } = await pool.query(
      `UPDATE residents SET notes = $3, version = version + 1, "updatedAt" = now() WHERE id = $1 AND version = $2 RETURNING *`,
      [request.params.id, request.body.version, request.body.notes],
    );
    return rows[0] ?? reply.code(409).send({ error: "stale version" });
  },
);

/** First page of a facility's referrals, newest first (51 rows read, 50 served, like the app). */
app.get<{ Querystring: { facilityId: string } }>("/referrals", async (request) => {
  const { rows } = await pool.query(
    `SELECT * FROM referrals WHERE "facilityId" = $1 AND "archivedAt" IS NULL ORDER BY "referredOn" DESC, id DESC LIMIT 51`,
    [request.query.facilityId],
  );
  return { items: rows.slice(0, 50), nextCursor: rows.length > 50 ? rows[49].id : null };
});

/** The duplicate check's candidates: the same last name and date of birth, or the same phone. */
app.get<{ Querystring: { lastName: string; dateOfBirth: string; phone: string } }>(
  "/referral-matches",
  async (request) => {
    const { lastName, dateOfBirth, phone } = request.query;
    const { rows } = await pool.query(
      `SELECT id, "facilityId", "referredOn", "firstName", "lastName", status FROM referrals
       WHERE "archivedAt" IS NULL AND (("dateOfBirth" = $1 AND lower("lastName") = lower($2)) OR phone = $3)
       ORDER BY "referredOn", id LIMIT 50`,
      [dateOfBirth, lastName, phone],
    );
    return { matches: rows };
  },
);

await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on("SIGTERM", close);
process.on("SIGINT", close);
