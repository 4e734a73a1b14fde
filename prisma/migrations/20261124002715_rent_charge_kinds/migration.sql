-- AlterTable
ALTER TABLE "rent_charges" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'rent',
ADD COLUMN     "reason" TEXT;
