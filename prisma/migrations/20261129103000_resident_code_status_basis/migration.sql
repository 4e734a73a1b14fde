-- AlterTable
ALTER TABLE "residents" ADD COLUMN     "codeStatusReason" TEXT,
ADD COLUMN     "codeStatusSource" TEXT,
ADD COLUMN     "codeStatusSourceDate" TEXT;
