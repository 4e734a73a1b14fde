/**
 * Whether the signed-in user sees a staff member's home facility, where their file (documents, training,
 * history) is kept and their record is changed. Someone who also works at one of the user's homes but
 * belongs to another is shown read-only, without their file.
 */
import { canSeeFacility } from "@care/core/rules/access.rules";
import { useSession } from "../../lib/ports.tsx";

export function useFileHere(member: { facilityId: string }): boolean {
  const session = useSession();
  return !!session && canSeeFacility(session, member.facilityId);
}
