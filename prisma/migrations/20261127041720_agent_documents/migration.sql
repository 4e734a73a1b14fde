-- AlterTable
ALTER TABLE "documents" ALTER COLUMN "facilityId" DROP NOT NULL;
