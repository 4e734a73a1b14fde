-- AlterTable
ALTER TABLE "document_types" ADD COLUMN     "nightDuty" BOOLEAN NOT NULL DEFAULT false;

-- The California defaults a night shift needs (first aid / CPR, the health screening with its TB test),
-- where the group has not edited them.
UPDATE "document_types" SET "nightDuty" = true WHERE "id" IN ('rcfe-staff-first-aid-cpr', 'rcfe-staff-lic-503') AND "version" = 1;
