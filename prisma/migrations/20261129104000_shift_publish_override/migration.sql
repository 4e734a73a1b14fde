-- AlterTable
ALTER TABLE "shifts" ADD COLUMN     "overrideAt" TEXT,
ADD COLUMN     "overrideBy" TEXT,
ADD COLUMN     "overrideReason" TEXT;
