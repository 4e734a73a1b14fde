/** What the medical record counts as current, for the medical page, the list's summary and the face sheet. */

/** A medication is active until its stop date has passed (it is still given on the stop date). */
export function isActiveMedication(medication: { stopDate?: string | undefined }, today: string): boolean {
  return medication.stopDate === undefined || medication.stopDate >= today;
}
