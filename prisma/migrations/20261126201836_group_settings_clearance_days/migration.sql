-- AlterTable
ALTER TABLE "portal_settings" ADD COLUMN     "clearanceReminderDays" INTEGER NOT NULL DEFAULT 30;
