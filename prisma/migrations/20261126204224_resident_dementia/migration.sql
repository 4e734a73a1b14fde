-- AlterTable
ALTER TABLE "residents" ADD COLUMN     "dementia" BOOLEAN NOT NULL DEFAULT false;
