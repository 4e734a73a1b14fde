/** Records the server tests create through the API, with every required field filled. */

/** A new resident of `facilityId` as `POST /residents` takes it; `extra` adds or overrides fields. */
export function residentInput(facilityId: string, lastName: string, extra: Record<string, unknown> = {}) {
  return {
    facilityId,
    firstName: "Test",
    lastName,
    dateOfBirth: "1940-01-01",
    gender: "female" as const,
    admissionDate: "2025-01-01",
    ambulatoryStatus: "ambulatory" as const,
    codeStatus: "full_code" as const,
    ...extra,
  };
}
