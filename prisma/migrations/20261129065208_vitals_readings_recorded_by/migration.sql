-- AlterTable
ALTER TABLE "vitals" ADD COLUMN     "bloodGlucose" INTEGER,
ADD COLUMN     "oxygenSaturation" INTEGER,
ADD COLUMN     "pain" INTEGER,
ADD COLUMN     "recordedByUserId" TEXT,
ADD COLUMN     "respirationRate" INTEGER,
ALTER COLUMN "recordedBy" DROP NOT NULL;
