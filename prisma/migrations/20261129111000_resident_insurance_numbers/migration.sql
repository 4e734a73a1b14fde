-- AlterTable
ALTER TABLE "residents" ADD COLUMN     "insuranceCarrier" TEXT,
ADD COLUMN     "insuranceMemberNumber" TEXT,
ADD COLUMN     "mediCalNumber" TEXT,
ADD COLUMN     "medicareNumber" TEXT;
