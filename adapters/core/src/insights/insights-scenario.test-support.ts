/**
 * The records the insights tests (the server's route tests and the InsightsPort contract) ask about, made
 * through whatever writer the test has (HTTP or a port). On SCENARIO_TODAY, tull has three resident
 * document types (LIC 602A and the LIC 603 reappraisal required, a photo optional); Ana has a 602A
 * expiring, a 603 expired and rent past due; Bob has no documents and his missing 602A is snoozed; Cara
 * lives at newman.
 */
import type { TCollectionName, TInputOf } from "../registry.ts";
import { reminderStateId } from "../rules/reminders.rules.ts";

export const SCENARIO_TODAY = "2026-02-20";

export interface TScenarioWriter {
  /** Creates a record (with `id` when given) and answers its id. */
  create<N extends TCollectionName>(collection: N, data: TInputOf<N>, id?: string): Promise<{ id: string }>;
  /** Uploads a small PDF into the facility and answers the stored file. */
  uploadPdf(facilityId: string): Promise<{ id: string; size: number }>;
}

export interface TScenarioNames {
  /** The ids to give the 602A and 603 types (and the photo type, else a generated one). */
  typeIds: { physician: string; appraisal: string; photo?: string };
  /** Appended to each last name, so runs on a shared database tell their residents apart. */
  lastNameSuffix: string;
}

const resident = (facilityId: string, firstName: string, lastName: string, admissionDate: string) =>
  ({
    facilityId,
    firstName,
    lastName,
    dateOfBirth: "1940-01-01",
    gender: "female",
    admissionDate,
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
  }) satisfies TInputOf<"residents">;

/** Makes the scenario's records; answers the residents' and Ana's documents' ids. */
export async function seedInsightsScenario(writer: TScenarioWriter, names: TScenarioNames) {
  const { typeIds, lastNameSuffix: suffix } = names;
  const base = { subject: "resident", required: true, validityMonths: 12, leadTimeDays: 30 } as const;
  await writer.create(
    "documentTypes",
    { ...base, name: "Physician's Report", formCode: "LIC 602A", sortOrder: 1 },
    typeIds.physician,
  );
  await writer.create(
    "documentTypes",
    { ...base, name: "Appraisal", formCode: "LIC 603", sortOrder: 2, reappraisal: true },
    typeIds.appraisal,
  );
  await writer.create("documentTypes", { ...base, name: "Photo", required: false, sortOrder: 3 }, typeIds.photo);

  const ana = (await writer.create("residents", resident("tull", "Ana", `Garcia${suffix}`, "2025-01-15"))).id;
  const bob = (await writer.create("residents", resident("tull", "Bob", `Lee${suffix}`, "2025-06-01"))).id;
  const cara = (await writer.create("residents", resident("newman", "Cara", `Novak${suffix}`, "2025-02-01"))).id;
  const file = await writer.uploadPdf("tull");
  // Types that expire need the date printed on the document: here the issue date plus the 12 months.
  const document = (typeId: string, issueDate: string, expiryDate: string) =>
    writer.create("documents", {
      subject: "resident",
      subjectId: ana,
      facilityId: "tull",
      typeId,
      fileId: file.id,
      fileName: "report.pdf",
      contentType: "application/pdf",
      size: file.size,
      issueDate,
      expiryDate,
    });
  // Valid through 2026-03-10: expiring on SCENARIO_TODAY (30 days' lead).
  const physician = (await document(typeIds.physician, "2025-03-10", "2026-03-10")).id;
  // Valid through 2025-12-01: expired, and a reappraisal.
  const appraisal = (await document(typeIds.appraisal, "2024-12-01", "2025-12-01")).id;
  // Ana owes February's $1,250.50 (her account is derived from it by the backend).
  await writer.create(
    "rentCharges",
    {
      residentId: ana,
      facilityId: "tull",
      month: "2026-02",
      amountCents: 125_050,
      periodStart: "2026-02-01",
      periodEnd: "2026-02-28",
      dueDate: "2026-02-01",
      description: "Rent February 2026",
    },
    `rent-${ana}-2026-02`,
  );
  const snoozedKey = `missing|resident|${bob}|${typeIds.physician}`;
  await writer.create(
    "reminderStates",
    { facilityId: "tull", key: snoozedKey, state: "snoozed", snoozedUntil: "2026-03-01" },
    reminderStateId("tull", snoozedKey),
  );
  return { ana, bob, cara, physician, appraisal };
}
