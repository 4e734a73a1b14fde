-- AlterTable
ALTER TABLE "roles" ADD COLUMN     "actions" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Roles stored before actions existed (actionsOfStoredRole in @care/core/rules/role-actions.rules): the
-- shipped Administrator and House manager hold every action, Caregiver and Office none, and a role the group
-- made keeps what it could do before (residents write: every action, otherwise none).
UPDATE "roles" SET "actions" = ARRAY['discharge', 'recordDeath', 'transferResident', 'archiveResident', 'changeCodeStatus']
    WHERE "id" IN ('administrator', 'house-manager')
       OR ("id" NOT IN ('caregiver', 'office') AND "permissions"->>'residents' = 'write');
