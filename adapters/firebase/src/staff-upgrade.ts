/**
 * What a staff document written by an earlier version needs to be read and edited by this one: the
 * widened Live Scan statuses ("pending" → "submitted", "not_cleared" → "denied") and the `_facilities`
 * list (home facility first, then the other homes they work at) that facility-limited lists and the
 * rules match on — without it a person would vanish from every limited user's directory.
 */
import { upgradedClearance } from "@care/core/collections/staff.collection";
import { collections } from "@care/core/registry";
import { facilitiesOfRecord } from "@care/core/rules/access.rules";

/** The fields to set (`clearanceDate: null` = delete it), or null when the document is current. */
export function staffDocumentUpgrade(data: Record<string, unknown>): Record<string, unknown> | null {
  const patch: Record<string, unknown> = { ...upgradedClearance(data) };
  const otherFacilityIds = Array.isArray(data.otherFacilityIds) ? data.otherFacilityIds : [];
  if (!Array.isArray(data.otherFacilityIds)) patch.otherFacilityIds = otherFacilityIds;
  const facilities = facilitiesOfRecord(collections.staff, { ...data, otherFacilityIds });
  if (JSON.stringify(data._facilities) !== JSON.stringify(facilities)) patch._facilities = facilities;
  return Object.keys(patch).length > 0 ? patch : null;
}
