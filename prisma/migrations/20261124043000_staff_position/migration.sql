-- A staff member's job title is their position, never to be confused with a user's access role.
-- Renamed in place: every stored title is kept.
ALTER TABLE "staff" RENAME COLUMN "role" TO "position";
ALTER INDEX "staff_facilityId_role_lastName_id_idx" RENAME TO "staff_facilityId_position_lastName_id_idx";
ALTER INDEX "staff_role_lastName_id_idx" RENAME TO "staff_position_lastName_id_idx";
