-- AlterTable
ALTER TABLE "facilities" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'America/Los_Angeles';
