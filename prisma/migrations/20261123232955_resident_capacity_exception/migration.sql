-- AlterTable
ALTER TABLE "residents" ADD COLUMN     "capacityException" TEXT;
