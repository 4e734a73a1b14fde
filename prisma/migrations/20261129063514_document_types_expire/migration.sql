-- AlterTable
ALTER TABLE "document_types" ADD COLUMN     "expires" BOOLEAN;

-- Types with a validity period already expire, and saying so lets an upload ask for the expiry date.
UPDATE "document_types" SET "expires" = true WHERE "validityMonths" IS NOT NULL;

-- The shipped first aid / CPR type said "never expires", so a card counted as current forever. A group
-- that never edited it gets the new default: it expires, the date on the card first, two years by default.
UPDATE "document_types"
SET "expires" = true, "validityMonths" = 24, "version" = "version" + 1, "updatedAt" = now()
WHERE "id" = 'rcfe-staff-first-aid-cpr' AND "version" = 1 AND "validityMonths" IS NULL AND "expires" IS NULL;
