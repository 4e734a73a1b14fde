-- AlterTable
ALTER TABLE "resident_events" ADD COLUMN     "undoReason" TEXT,
ADD COLUMN     "undoneBy" TEXT,
ADD COLUMN     "undoneOn" TEXT;
