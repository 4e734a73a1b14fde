-- AlterTable
ALTER TABLE "users" ADD COLUMN     "oneTimePasswordExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "oneTimePasswordUsedAt" TIMESTAMPTZ(3);

-- One-time passwords issued before expiry existed work for 72 hours from now, once.
UPDATE "users" SET "oneTimePasswordExpiresAt" = now() + interval '72 hours' WHERE "mustChangePassword";
