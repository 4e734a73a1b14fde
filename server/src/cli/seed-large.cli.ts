/**
 * `npm run seed:large [-- --scale 0.05] [--reset]`: fills the PostgreSQL database at DATABASE_URL with
 * a large, deterministic data set (seeded PRNG, dates relative to a fixed anchor day) for benchmarks and
 * browser measurements. At scale 1: 200 facilities, 10,000 residents (a tenth in the first facility,
 * "tull", so its list has deep pages), 4,000 staff, 200,000 documents over the California default
 * document types (one shared file per facility), 120,000 rent charges and payments (six monthly charges
 * and six payments per resident, with rates and balances), 20,000 manual reminders and some reminder
 * states, 12 weeks of shifts around the anchor day (about 240,000: five a week for every working staff
 * member, day, evening or night) and a year of training (about 40,000 entries, with California's
 * requirements). Migrations are applied first with the server's own code. Rows go in as multi-row
 * `INSERT … SELECT FROM unnest(…)` batches; each table's time is printed.
 *
 * It refuses to write into a database that already holds residents unless `--reset` is given, which
 * empties the seeded tables first (users, sessions and the audit log are kept).
 */
import { REFERRAL_STATUSES } from "@care/core/collections/referrals.collection";
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "@care/core/collections/rcfe-document-types";
import { PAYMENT_METHODS } from "@care/core/collections/rent.collection";
import { REMINDER_REPEATS } from "@care/core/collections/reminders.collection";
import { CLEARANCE_STATUSES, STAFF_POSITIONS } from "@care/core/collections/staff.collection";
import { missingKey, reminderStateId } from "@care/core/rules/reminders.rules";
import { CA_DEFAULT_TRAINING_REQUIREMENTS } from "@care/core/collections/ca-training-requirements";
import { ZTrainingRequirement } from "@care/core/collections/training.collection";
import pg from "pg";
import { applyMigrations } from "../db/migrate.ts";

/** The day every generated date is relative to, so every run produces the same rows. */
const ANCHOR = "2026-11-01";
const BATCH = 5_000;
const SEEDED_BY = "seed-large";
const TABLES_EMPTIED_BY_RESET = [
  "referral_fees", "referral_contacts", "referrals", "agent_fee_terms", "referral_agents",
  "shifts", "shift_templates", "training_entries", "reminder_states", "reminders", "documents", "document_types", "staff", "payments", "rent_charges",
  "rent_accounts", "rent_rates", "resident_events", "diagnoses", "allergies", "medications", "vitals",
  "incidents", "appointments", "residents", "files", "facilities",
]; // prettier-ignore

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ["Mary", "John", "Patricia", "Robert", "Linda", "Michael", "Barbara", "William", "Elizabeth", "David",
  "Susan", "Richard", "Jessica", "Joseph", "Sarah", "Thomas", "Karen", "Charles", "Nancy", "Daniel", "Lisa", "Paul",
  "Betty", "Mark", "Helen", "George", "Dorothy", "Edward", "Ruth", "Frank", "Maria", "José", "Mei", "Anh", "Fatima"]; // prettier-ignore
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee",
  "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young",
  "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker",
  "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Goldsmith", "Smithers", "Okafor", "Kowalski",
  "Novak", "Schmidt", "Ivanova", "Haddad", "Tanaka", "O'Brien"]; // prettier-ignore
const TOWNS = ["Sacramento", "Fresno", "Oakland", "San Jose", "Riverside", "Stockton", "Modesto", "Pasadena"];

type TCell = string | number | boolean | bigint | null;
/** A column and its PostgreSQL type; values travel as text and are cast in the SELECT. */
type TColumn = [name: string, type: string];

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}

/** The day N months later, clamped at the month's end. */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return isoDay(first);
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function pad(n: number, width = 6): string {
  return String(n).padStart(width, "0");
}

/** Inserts the rows in batches of BATCH; returns the number inserted. */
async function insertRows(client: TSeedClient, table: string, columns: TColumn[], rows: Iterable<TCell[]>) {
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const params = columns.map((_, i) => `$${i + 1}::text[]`).join(", ");
  const casts = columns.map(([, type], i) => `c${i}::${type}`).join(", ");
  const aliases = columns.map((_, i) => `c${i}`).join(", ");
  const sql = `INSERT INTO "${table}" (${names}) SELECT ${casts} FROM unnest(${params}) AS u(${aliases})`;
  let arrays: (string | null)[][] = columns.map(() => []);
  let pending = 0;
  let total = 0;
  const flush = async () => {
    if (pending === 0) return;
    await client.query(sql, arrays);
    total += pending;
    arrays = columns.map(() => []);
    pending = 0;
  };
  for (const row of rows) {
    row.forEach((value, i) => arrays[i]!.push(value === null ? null : String(value)));
    if (++pending === BATCH) await flush();
  }
  await flush();
  return total;
}

interface TScale {
  facilities: number;
  residents: number;
  staff: number;
  documents: number;
  reminders: number;
  agents: number;
  referrals: number;
}

function scaled(scale: number): TScale {
  const n = (base: number, min: number) => Math.max(min, Math.round(base * scale));
  return {
    facilities: n(200, SEED_FACILITIES.length),
    residents: n(10_000, 20),
    staff: n(4_000, 10),
    documents: n(200_000, 100),
    reminders: n(20_000, 10),
    agents: n(300, 4),
    referrals: n(50_000, 40),
  };
}

interface TResidentRow {
  id: string;
  facilityId: string;
  monthlyRateCents: number;
  status: string;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scale: { type: "string", default: "1" }, reset: { type: "boolean", default: false } },
  });
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 20) {
    console.error("--scale must be a number above 0 (at most 20), e.g. --scale 0.05");
    process.exit(1);
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      "Set DATABASE_URL to the PostgreSQL database to fill, e.g. postgresql://app:app@127.0.0.1:5432/care_bench",
    );
    process.exit(1);
  }
  const started = performance.now();
  const { applied } = await applyMigrations({ kind: "postgres", connectionString: databaseUrl });
  console.log(applied.length > 0 ? `applied migrations: ${applied.join(", ")}` : "database schema is up to date");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ n: number }>("select count(*)::int as n from residents");
    if (existing.rows[0]!.n > 0 && !values.reset) {
      console.error(`The database already holds ${existing.rows[0]!.n} residents; rerun with --reset to replace them.`);
      process.exitCode = 1;
      return;
    }
    // One transaction: a failed run leaves the database as it was.
    await client.query("BEGIN");
    await seedLarge(client, scale, { reset: values.reset });
    await client.query("COMMIT");
    const analyzeStart = performance.now();
    await client.query("ANALYZE");
    console.log(`ANALYZE ${((performance.now() - analyzeStart) / 1000).toFixed(2)} s`);
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** What seedLarge needs of a database client: node-postgres's `query` (PGlite's answers alike). */
export interface TSeedClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Fills the database behind `client` at `scale` (the caller holds the transaction); with `reset`, the
 * seeded tables are emptied first. Used by this command and by the data export's round-trip test.
 */
export async function seedLarge(
  client: TSeedClient,
  scale: number,
  options: { reset: boolean; log?: (line: string) => void },
): Promise<void> {
  const log = options.log ?? console.log;
  const size = scaled(scale);
  const timed = async (label: string, work: () => Promise<number>) => {
    const start = performance.now();
    const count = await work();
    const seconds = (performance.now() - start) / 1000;
    log(`${label.padEnd(16)} ${String(count).padStart(8)} rows  ${seconds.toFixed(2).padStart(7)} s`);
  };
  // The steps, indented as they were when they made up the command's own body.
  {
    if (options.reset)
      await client.query(`TRUNCATE ${TABLES_EMPTIED_BY_RESET.map((t) => `"${t}"`).join(", ")} CASCADE`);
    log(`seeding at scale ${scale} (anchor day ${ANCHOR})`);

    // Facilities: the six of the normal first start, then numbered homes.
    const facilities = Array.from({ length: size.facilities }, (_, i) =>
      i < SEED_FACILITIES.length
        ? { ...SEED_FACILITIES[i]!, sortOrder: i }
        : { id: `fac-${pad(i + 1, 4)}`, name: `Home ${pad(i + 1, 4)}`, sortOrder: i },
    );
    // The benchmark's facility first: a tenth of all residents (deep pages), the rest round robin.
    facilities.sort((a, b) => (a.id === "tull" ? -1 : b.id === "tull" ? 1 : 0));
    await timed("facilities", () =>
      insertRows(
        client,
        "facilities",
        [["id", "text"], ["name", "text"], ["address", "text"], ["licensedCapacity", "int"], ["sortOrder", "int"], ["createdBy", "text"]], // prettier-ignore
        facilities.map((f, i) => [f.id, f.name, `${100 + i} Main St, ${TOWNS[i % TOWNS.length]}, CA`, 6 + (i % 4) * 12, f.sortOrder, SEEDED_BY]), // prettier-ignore
      ),
    );
    const facilityOf = (i: number, count: number): string => {
      const big = Math.floor(count / 10);
      if (i < big || facilities.length === 1) return facilities[0]!.id;
      return facilities[1 + ((i - big) % (facilities.length - 1))]!.id;
    };

    // One small shared PDF per facility, so every document points at a real file row.
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const sha = createHash("sha256").update(pdf).digest("hex");
    await timed("files", () =>
      insertRows(
        client,
        "files",
        [["id", "text"], ["name", "text"], ["contentType", "text"], ["size", "int"], ["sha256", "text"], ["bytes", "bytea"], ["facilityId", "text"], ["createdBy", "text"]], // prettier-ignore
        facilities.map((f) => [`file-${f.id}`, "scan.pdf", "application/pdf", pdf.length, sha, `\\x${pdf.toString("hex")}`, f.id, SEEDED_BY]), // prettier-ignore
      ),
    );

    const random = prng(20261101);
    const residents: TResidentRow[] = [];
    await timed("residents", () =>
      insertRows(
        client,
        "residents",
        [["id", "text"], ["facilityId", "text"], ["firstName", "text"], ["lastName", "text"], ["dateOfBirth", "text"],
         ["gender", "text"], ["room", "text"], ["bed", "text"], ["status", "text"], ["statusDate", "text"],
         ["admissionDate", "text"], ["dischargeDate", "text"], ["levelOfCare", "text"], ["ambulatoryStatus", "text"],
         ["codeStatus", "text"], ["primaryPhysician", "text"], ["emergencyContacts", "jsonb"],
         ["monthlyRateCents", "bigint"], ["createdBy", "text"], ["updatedBy", "text"]], // prettier-ignore
        (function* () {
          for (let i = 0; i < size.residents; i++) {
            const id = `res-${pad(i)}`;
            const facilityId = facilityOf(i, size.residents);
            const roll = random();
            const status = roll < 0.85 ? "active" : roll < 0.9 ? "on_leave" : roll < 0.93 ? "hospital" : "discharged";
            const admissionDate = addDays(ANCHOR, -30 - Math.floor(random() * 3650));
            const monthlyRateCents = 350_000 + Math.floor(random() * 20) * 5_000;
            residents.push({ id, facilityId, monthlyRateCents, status });
            yield [
              id, facilityId, pick(random, FIRST), pick(random, LAST), addDays("1925-01-01", Math.floor(random() * 11000)),
              random() < 0.6 ? "female" : "male", String(100 + (i % 60)), random() < 0.5 ? "A" : "B", status,
              status === "active" ? null : addDays(ANCHOR, -Math.floor(random() * 60)), admissionDate,
              status === "discharged" ? addDays(ANCHOR, -10) : null,
              pick(random, ["Basic", "Intermediate", "Memory care"]),
              pick(random, ["ambulatory", "non_ambulatory", "bedridden"]), pick(random, ["full_code", "dnr", "polst"]),
              "Dr. Rivera", JSON.stringify([{ name: "Family Contact", relationship: "Daughter", phone: "(559) 555-0100" }]),
              monthlyRateCents, SEEDED_BY, SEEDED_BY,
            ]; // prettier-ignore
          }
        })(),
      ),
    );

    // Rent: a rate each, six monthly charges and six payments each (the last one short for a quarter of
    // them, leaving a balance past due), and the running balance.
    const months = Array.from({ length: 6 }, (_, k) => addMonths(ANCHOR, k - 5).slice(0, 7));
    await timed("rent_rates", () =>
      insertRows(
        client,
        "rent_rates",
        [["id", "text"], ["residentId", "text"], ["facilityId", "text"], ["amountCents", "bigint"], ["effectiveFrom", "text"], ["createdBy", "text"]], // prettier-ignore
        residents.map((r) => [`rate-${r.id}`, r.id, r.facilityId, r.monthlyRateCents, `${months[0]}-01`, SEEDED_BY]),
      ),
    );
    const chargeRows = function* () {
      for (const r of residents)
        for (const month of months) {
          const end = addDays(addMonths(`${month}-01`, 1), -1);
          yield [`rent-${r.id}-${month}`, r.id, r.facilityId, month, r.monthlyRateCents, `${month}-01`, end, `${month}-01`, `Rent ${month}`, SEEDED_BY]; // prettier-ignore
        }
    };
    const shortBy = (index: number) => (index % 4 === 0 ? 100_000 : 0);
    await timed("rent_charges", () =>
      insertRows(
        client,
        "rent_charges",
        [["id", "text"], ["residentId", "text"], ["facilityId", "text"], ["month", "text"], ["amountCents", "bigint"],
         ["periodStart", "text"], ["periodEnd", "text"], ["dueDate", "text"], ["description", "text"], ["createdBy", "text"]], // prettier-ignore
        chargeRows(),
      ),
    );
    const payRandom = prng(7);
    await timed("payments", () =>
      insertRows(
        client,
        "payments",
        [["id", "text"], ["residentId", "text"], ["facilityId", "text"], ["receivedOn", "text"], ["amountCents", "bigint"], ["method", "text"], ["reference", "text"], ["createdBy", "text"]], // prettier-ignore
        (function* () {
          for (const [index, r] of residents.entries())
            for (const [k, month] of months.entries()) {
              const amount = r.monthlyRateCents - (k === months.length - 1 ? shortBy(index) : 0);
              yield [`pay-${r.id}-${month}`, r.id, r.facilityId, addDays(`${month}-01`, Math.floor(payRandom() * 10)), amount, pick(payRandom, PAYMENT_METHODS), `#${1000 + k}`, SEEDED_BY]; // prettier-ignore
            }
        })(),
      ),
    );
    await timed("rent_accounts", () =>
      insertRows(
        client,
        "rent_accounts",
        [["id", "text"], ["residentId", "text"], ["facilityId", "text"], ["chargedCents", "bigint"], ["paidCents", "bigint"], ["balanceCents", "bigint"], ["oldestUnpaidDueDate", "text"], ["createdBy", "text"]], // prettier-ignore
        residents.map((r, index) => {
          const charged = r.monthlyRateCents * months.length;
          const balance = shortBy(index);
          return [r.id, r.id, r.facilityId, charged, charged - balance, balance, balance > 0 ? `${months.at(-1)}-01` : null, SEEDED_BY]; // prettier-ignore
        }),
      ),
    );

    // Staff.
    const staffRandom = prng(11);
    const staff: { id: string; facilityId: string; working: boolean }[] = [];
    await timed("staff", () =>
      insertRows(
        client,
        "staff",
        [["id", "text"], ["facilityId", "text"], ["otherFacilityIds", "text[]"], ["firstName", "text"], ["lastName", "text"], ["position", "text"],
         ["status", "text"], ["phone", "text"], ["hireDate", "text"], ["terminationDate", "text"], ["clearanceStatus", "text"], ["clearanceDate", "text"], ["createdBy", "text"]], // prettier-ignore
        (function* () {
          for (let i = 0; i < size.staff; i++) {
            const id = `staff-${pad(i)}`;
            const facilityId = facilityOf(i, size.staff);
            const other = i % 10 === 0 ? `{${facilities[(i + 3) % facilities.length]!.id}}` : "{}";
            const roll = staffRandom();
            const clearance = pick(staffRandom, CLEARANCE_STATUSES);
            staff.push({ id, facilityId, working: roll < 0.95 });
            const first = pick(staffRandom, FIRST);
            const last = pick(staffRandom, LAST);
            const position = pick(staffRandom, STAFF_POSITIONS);
            const hired = addDays(ANCHOR, -Math.floor(staffRandom() * 3000));
            // A terminated employee has a termination date (the schema requires one): a month before the anchor day, or at hire.
            const terminated = roll < 0.95 ? null : [hired, addDays(ANCHOR, -30)].sort()[1]!;
            yield [
              id, facilityId, other, first, last, position,
              roll < 0.9 ? "active" : roll < 0.95 ? "on_leave" : "terminated", `(559) 555-${pad(i % 10000, 4)}`,
              hired, terminated, clearance,
              clearance === "cleared" ? addDays(ANCHOR, -Math.floor(staffRandom() * 3000)) : null, SEEDED_BY,
            ]; // prettier-ignore
          }
        })(),
      ),
    );

    // Twelve weeks of shifts around the anchor day: five a week for each working staff member, each
    // person on one of the three usual shifts (their own index decides which and on which days).
    const firstWeek = addDays(ANCHOR, -((new Date(`${ANCHOR}T00:00:00Z`).getUTCDay() + 6) % 7) - 42);
    const SHIFTS = [
      ["07:00", "15:00"],
      ["15:00", "23:00"],
      ["23:00", "07:00"],
    ] as const;
    await timed("shifts", () =>
      insertRows(
        client,
        "shifts",
        [["id", "text"], ["facilityId", "text"], ["staffId", "text"], ["date", "text"], ["start", "text"], ["end", "text"],
         ["position", "text"], ["duty", "text"], ["published", "boolean"], ["createdBy", "text"]], // prettier-ignore
        (function* () {
          for (const [i, person] of staff.entries()) {
            if (!person.working) continue;
            const [start, end] = SHIFTS[i % 3]!;
            for (let week = 0; week < 12; week++)
              for (let day = 0; day < 5; day++) {
                const date = addDays(firstWeek, week * 7 + ((day + i) % 7));
                yield [`shift-${pad(i)}-${week}-${day}`, person.facilityId, person.id, date, start, end, "caregiver", "awake", week < 7, SEEDED_BY]; // prettier-ignore
              }
          }
        })(),
      ),
    );

    // A year of training: about ten entries per staff member, and California's requirements.
    const trainingRandom = prng(13);
    const CATEGORIES = ["annual", "dementia", "postural_hospice", "first_aid", "emergency_plan"] as const;
    await timed("training_requirements", async () => {
      await client.query(`DELETE FROM training_requirements WHERE "createdBy" = $1`, [SEEDED_BY]);
      const existing = await client.query(`SELECT count(*)::int AS n FROM training_requirements`);
      if ((existing.rows[0] as { n: number }).n > 0) return 0;
      return insertRows(
        client,
        "training_requirements",
        [["id", "text"], ["name", "text"], ["description", "text"], ["positions", "text[]"], ["period", "text"], ["withinDays", "int"],
         ["yearBasis", "text"], ["hours", "float8"], ["categories", "text[]"], ["parts", "jsonb"], ["leadTimeDays", "int"],
         ["sortOrder", "int"], ["needsReview", "boolean"], ["createdBy", "text"]], // prettier-ignore
        CA_DEFAULT_TRAINING_REQUIREMENTS.map(({ id, ...input }) => {
          const r = ZTrainingRequirement.parse(input);
          return [id, r.name, r.description ?? null, `{${r.positions.join(",")}}`, r.period, r.withinDays ?? null, r.yearBasis, r.hours,
            `{${r.categories.join(",")}}`, JSON.stringify(r.parts), r.leadTimeDays, r.sortOrder, r.needsReview, SEEDED_BY]; // prettier-ignore
        }),
      );
    });
    await timed("training_entries", () =>
      insertRows(
        client,
        "training_entries",
        [["id", "text"], ["staffId", "text"], ["facilityId", "text"], ["date", "text"], ["topic", "text"], ["hours", "float8"],
         ["category", "text"], ["online", "boolean"], ["createdBy", "text"]], // prettier-ignore
        (function* () {
          for (const [i, person] of staff.entries())
            for (let k = 0; k < 10; k++) {
              const category = pick(trainingRandom, CATEGORIES);
              yield [`training-${pad(i)}-${k}`, person.id, person.facilityId, addDays(ANCHOR, -Math.floor(trainingRandom() * 365)),
                `In-service: ${category.replace("_", " ")}`, (1 + Math.floor(trainingRandom() * 8)) / 2, category, trainingRandom() < 0.2, SEEDED_BY]; // prettier-ignore
            }
        })(),
      ),
    );

    // Document types: the California default set (the server seeds the same on its first start).
    await timed("document_types", () =>
      insertRows(
        client,
        "document_types",
        [["id", "text"], ["subject", "text"], ["name", "text"], ["formCode", "text"], ["description", "text"], ["required", "boolean"],
         ["validityMonths", "int"], ["leadTimeDays", "int"], ["sortOrder", "int"], ["needsReview", "boolean"], ["reappraisal", "boolean"], ["createdBy", "text"]], // prettier-ignore
        RCFE_DEFAULT_DOCUMENT_TYPES.map((t) => [
          t.id, t.subject, t.name, t.formCode ?? null, t.description ?? null, t.required ?? true, t.validityMonths ?? null,
          t.leadTimeDays ?? 30, t.sortOrder ?? 0, t.needsReview ?? false, t.reappraisal ?? false, SEEDED_BY,
        ]), // prettier-ignore
      ),
    );

    // Documents: 60% of them on residents, 30% on staff, 10% on facilities. A subject's first documents
    // are the current version of each of its types in order (a subject with fewer documents than types
    // misses the last ones); further ones are earlier, replaced versions. Issue dates spread over three
    // years, so some have expired.
    const typesOf = (subject: string) => RCFE_DEFAULT_DOCUMENT_TYPES.filter((t) => t.subject === subject);
    const docRandom = prng(13);
    const subjects: { subject: string; rows: { id: string; facilityId: string }[]; share: number }[] = [
      { subject: "resident", rows: residents, share: 0.6 },
      { subject: "staff", rows: staff, share: 0.3 },
      { subject: "facility", rows: facilities.map((f) => ({ id: f.id, facilityId: f.id })), share: 0.1 },
    ];
    await timed("documents", () =>
      insertRows(
        client,
        "documents",
        [["id", "text"], ["subject", "text"], ["subjectId", "text"], ["facilityId", "text"], ["typeId", "text"], ["fileId", "text"],
         ["fileName", "text"], ["contentType", "text"], ["size", "int"], ["issueDate", "text"], ["expiryDate", "text"],
         ["current", "boolean"], ["createdBy", "text"], ["updatedBy", "text"]], // prettier-ignore
        (function* () {
          let n = 0;
          for (const { subject, rows, share } of subjects) {
            const types = typesOf(subject);
            if (types.length === 0 || rows.length === 0) continue;
            const target = Math.round(size.documents * share);
            const perSubject = Math.floor(target / rows.length);
            const extra = target - perSubject * rows.length;
            for (const [index, row] of rows.entries()) {
              const count = perSubject + (index < extra ? 1 : 0);
              for (let k = 0; k < count; k++) {
                const type = types[k % types.length]!;
                const current = k < types.length;
                const issueDate = addDays(ANCHOR, -Math.floor(docRandom() * 1100) - (current ? 0 : 400));
                const expiryDate = type.validityMonths ? addDays(addMonths(issueDate, type.validityMonths), -1) : null;
                yield [
                  `doc-${pad(n++, 7)}`, subject, row.id, row.facilityId, type.id, `file-${row.facilityId}`, "scan.pdf",
                  "application/pdf", pdf.length, issueDate, expiryDate, current, SEEDED_BY, SEEDED_BY,
                ]; // prettier-ignore
              }
            }
          }
        })(),
      ),
    );

    // Manual reminders around the anchor day (overdue, this week, later), some done, some repeating;
    // and snoozes and waivers of derived "missing document" reminders.
    const remRandom = prng(17);
    await timed("reminders", () =>
      insertRows(
        client,
        "reminders",
        [["id", "text"], ["facilityId", "text"], ["title", "text"], ["dueDate", "text"], ["linkType", "text"], ["linkId", "text"],
         ["repeat", "text"], ["status", "text"], ["lastDoneOn", "text"], ["createdBy", "text"]], // prettier-ignore
        (function* () {
          for (let i = 0; i < size.reminders; i++) {
            const facilityId = facilityOf(i, size.reminders);
            const done = remRandom() < 0.2;
            const resident = residents[i % residents.length]!;
            const linked = remRandom() < 0.3 && resident.facilityId === facilityId;
            yield [
              `rem-${pad(i)}`, facilityId, pick(remRandom, ["Fire drill", "Check water heater", "Order supplies", "Care plan meeting", "Call family", "Pest control visit"]),
              addDays(ANCHOR, Math.floor(remRandom() * 180) - 60), linked ? "resident" : null, linked ? resident.id : null,
              pick(remRandom, REMINDER_REPEATS), done ? "done" : "open", done ? addDays(ANCHOR, -Math.floor(remRandom() * 30)) : null,
              SEEDED_BY,
            ]; // prettier-ignore
          }
        })(),
      ),
    );
    const residentTypes = typesOf("resident");
    await timed("reminder_states", () =>
      insertRows(
        client,
        "reminder_states",
        [["id", "text"], ["facilityId", "text"], ["key", "text"], ["state", "text"], ["snoozedUntil", "text"], ["reason", "text"], ["createdBy", "text"]], // prettier-ignore
        (function* () {
          if (residentTypes.length === 0) return;
          for (let i = 0; i < residents.length; i += 5) {
            const r = residents[i]!;
            const key = missingKey("resident", r.id, residentTypes[i % residentTypes.length]!.id);
            const snoozed = i % 10 === 0;
            yield [reminderStateId(r.facilityId, key), r.facilityId, key, snoozed ? "snoozed" : "waived", snoozed ? addDays(ANCHOR, 14) : null, snoozed ? null : "Not applicable to this resident", SEEDED_BY]; // prettier-ignore
          }
        })(),
      ),
    );

    // Referral agents (a third with a flat fee, the others a percent of the first month) and referrals
    // over two years: one in eight is a prospect already referred to another home (same name and date of
    // birth, and often the same phone), the realistic duplicates the group-wide check must find.
    const refRandom = prng(41);
    const agentIds = Array.from({ length: size.agents }, (_, i) => `agent-${pad(i + 1, 4)}`);
    await timed("referral_agents", () =>
      insertRows(
        client,
        "referral_agents",
        [["id", "text"], ["name", "text"], ["agency", "text"], ["phone", "text"], ["duplicateReportDays", "int"], ["moveInReportBusinessDays", "int"], ["createdBy", "text"]], // prettier-ignore
        agentIds.map((id, i) => [id, `${pick(refRandom, FIRST)} ${pick(refRandom, LAST)}`, `${pick(refRandom, LAST)} Placement ${i + 1}`, `(559) 555-${pad(i % 10_000, 4)}`, i % 2 === 0 ? 5 : null, i % 3 === 0 ? 2 : null, SEEDED_BY]), // prettier-ignore
      ),
    );
    await timed("agent_fee_terms", () =>
      insertRows(
        client,
        "agent_fee_terms",
        [["id", "text"], ["agentId", "text"], ["kind", "text"], ["percentBasisPoints", "int"], ["flatCents", "int"], ["createdBy", "text"]], // prettier-ignore
        agentIds.map((id, i) => (i % 3 === 0 ? [id, id, "flat", null, 150_000 + (i % 5) * 25_000, SEEDED_BY] : [id, id, "percent_first_month", 5000 + (i % 6) * 1000, null, SEEDED_BY])), // prettier-ignore
      ),
    );
    const CLOSE = { moved_in: "moved_in", declined: "declined_by_us", lost: "chose_another_provider" } as Record<
      string,
      string
    >;
    const prospects: { first: string; last: string; dob: string; phone: string; firstId: string }[] = [];
    await timed("referrals", () =>
      insertRows(
        client,
        "referrals",
        [["id", "text"], ["facilityId", "text"], ["referredOn", "text"], ["source", "text"], ["agentId", "text"], ["firstName", "text"],
         ["lastName", "text"], ["dateOfBirth", "text"], ["phone", "text"], ["email", "text"], ["status", "text"], ["nextFollowUp", "text"],
         ["tourAt", "text"], ["closeReason", "text"], ["moveInDate", "text"], ["firstMonthRentCents", "bigint"], ["duplicateOfId", "text"],
         ["createdBy", "text"]], // prettier-ignore
        (function* () {
          for (let i = 0; i < size.referrals; i++) {
            const facilityId = facilityOf(i, size.referrals);
            const again =
              i > 100 && refRandom() < 0.125 ? prospects[Math.floor(refRandom() * prospects.length)]! : null;
            const prospect = again ?? {
              first: pick(refRandom, FIRST),
              last: pick(refRandom, LAST),
              dob: addDays("1930-01-01", Math.floor(refRandom() * 10_000)),
              phone: `(${500 + (i % 400)}) 555-${pad(i % 10_000, 4)}`,
              firstId: `ref-${pad(i)}`,
            };
            if (!again) prospects.push(prospect);
            const status = REFERRAL_STATUSES[Math.floor(refRandom() * REFERRAL_STATUSES.length)]!;
            const referredOn = addDays(ANCHOR, -Math.floor(refRandom() * 730));
            const fromAgent = refRandom() < 0.8;
            const open = !(status in CLOSE);
            yield [
              `ref-${pad(i)}`, facilityId, referredOn, fromAgent ? "agent" : pick(refRandom, ["hospital", "family", "website", "walk_in"]),
              fromAgent ? pick(refRandom, agentIds) : null, prospect.first, prospect.last, prospect.dob,
              again && refRandom() < 0.5 ? null : prospect.phone, refRandom() < 0.3 ? `prospect${i}@example.org` : null, status,
              // A follow-up is never before the referral (the schema refuses it).
              open && refRandom() < 0.7 ? [referredOn, addDays(ANCHOR, Math.floor(refRandom() * 30) - 10)].sort()[1]! : null,
              status === "tour_scheduled" ? `${addDays(ANCHOR, Math.floor(refRandom() * 14))}T14:00` : null,
              CLOSE[status] ?? null, status === "moved_in" ? addDays(referredOn, 20) : null, status === "moved_in" ? 450_000 : null,
              again ? again.firstId : null, SEEDED_BY,
            ]; // prettier-ignore
          }
        })(),
      ),
    );
  }
}

if (import.meta.main) await main();
