/**
 * The medical part of the face sheet — the page a hospital transfer takes along: code status (with the
 * document it rests on and its date) and allergies at the top where nobody can miss them, then the active diagnoses and medications. While
 * they load, or if they cannot be read, the sheet says so instead of printing as if there were none.
 * The insurance, Medicare and Medi-Cal numbers the hospital asks for are here too: they are medical
 * fields, shown only to who may read medical.
 */
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { TRecordOf } from "@care/core/registry";
import { isActiveMedication } from "@care/core/rules/medical.rules";
import { useCan } from "../../lib/access.ts";
import { useAllRecords } from "../../lib/records/use-records.ts";
import { SheetGrid, SheetItem } from "../../ui/record-sheet.tsx";
import { humanize } from "../../ui/plain-value.ts";
import { sheetDate } from "./face-sheet-header.tsx";
import { CODE_STATUS_LABELS, CODE_STATUS_SOURCE_LABELS } from "./resident-format.ts";

/** The entries of one list, or what to say while they cannot be shown. */
function Entries<T>({
  query,
  only = () => true,
  none,
  children,
}: {
  query: UseQueryResult<T[]>;
  only?: (item: T) => boolean;
  none: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isError) return <p className="face-sheet__unavailable">Could not be loaded — do not rely on this print.</p>;
  if (!query.data) return <p>Loading…</p>;
  const items = query.data.filter(only);
  return items.length === 0 ? <p>{none}</p> : children(items);
}

/** Code status and allergies: the two things read first in an emergency. */
export function FaceSheetAlerts({ resident }: { resident: TRecordOf<"residents"> }) {
  const allergies = useAllRecords("allergies", { where: { residentId: resident.id } });
  return (
    <div className="face-sheet__alerts">
      <p className={`face-sheet__code face-sheet__code--${resident.codeStatus}`}>
        Code status: <strong>{CODE_STATUS_LABELS[resident.codeStatus]}</strong>
        {resident.codeStatusSource && (
          <span className="face-sheet__code-source">
            {" "}
            — {CODE_STATUS_SOURCE_LABELS[resident.codeStatusSource]}
            {resident.codeStatusSourceDate && ` of ${sheetDate(resident.codeStatusSourceDate)}`}
          </span>
        )}
      </p>
      <div className="face-sheet__allergies">
        <span className="face-sheet__alert-label">Allergies:</span>{" "}
        <Entries query={allergies} none="None recorded.">
          {(items) => (
            <ul>
              {items.map((a) => (
                <li key={a.id}>
                  <strong>{a.allergen}</strong>
                  {a.severity !== "unknown" && ` — ${humanize(a.severity)}`}
                  {a.reaction && `: ${a.reaction}`}
                </li>
              ))}
            </ul>
          )}
        </Entries>
      </div>
    </div>
  );
}

/** Active diagnoses and the medications given as of the home's `today`. */
export function FaceSheetMedical({ residentId, today }: { residentId: string; today: string }) {
  const diagnoses = useAllRecords("diagnoses", { where: { residentId, active: true } });
  const medications = useAllRecords("medications", { where: { residentId } });
  return (
    <>
      <h3 className="sheet__title">Diagnoses</h3>
      <Entries query={diagnoses} none="None recorded.">
        {(items) => (
          <ul className="face-sheet__list">
            {items.map((d) => (
              <li key={d.id}>
                {d.name}
                {d.icd10 && <span className="face-sheet__muted"> ({d.icd10})</span>}
              </li>
            ))}
          </ul>
        )}
      </Entries>
      <h3 className="sheet__title">Medications</h3>
      <Entries query={medications} only={(m) => isActiveMedication(m, today)} none="No active medications recorded.">
        {(items) => (
          <ul className="face-sheet__list">
            {items.map((m) => (
              <li key={m.id}>
                <strong>{m.name}</strong> {m.dose}, {humanize(m.route).toLowerCase()}, {m.frequency}
                {m.asNeeded && " (as needed)"}
                {m.prescriber && <span className="face-sheet__muted"> — {m.prescriber}</span>}
              </li>
            ))}
          </ul>
        )}
      </Entries>
    </>
  );
}

/** A Medicare number (kept without dashes) as the card prints it: 1EG4-TE5-MK73. */
export function cardMedicareNumber(mbi: string): string {
  return `${mbi.slice(0, 4)}-${mbi.slice(4, 7)}-${mbi.slice(7)}`;
}

/** The Medicare, Medi-Cal and other insurance numbers, for a user who may read medical. */
export function FaceSheetInsurance({ resident }: { resident: TRecordOf<"residents"> }) {
  const canMedical = useCan()("medical");
  if (!canMedical) return null;
  const other = [resident.insuranceCarrier, resident.insuranceMemberNumber].filter(Boolean).join(" — ");
  return (
    <>
      <h3 className="sheet__title">Insurance</h3>
      <SheetGrid>
        <SheetItem label="Medicare number">
          {resident.medicareNumber && cardMedicareNumber(resident.medicareNumber)}
        </SheetItem>
        <SheetItem label="Medi-Cal number">{resident.mediCalNumber}</SheetItem>
        <SheetItem label="Other insurance">{other || undefined}</SheetItem>
      </SheetGrid>
    </>
  );
}
