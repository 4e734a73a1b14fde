-- AlterTable
ALTER TABLE "reminder_states" ADD COLUMN     "reason" TEXT;

-- Derived reminders are no longer marked done by hand: they end when the data changes or by a waiver.
-- A "done" state hid a reminder whose data still says it is due, so it comes back on the list.
DELETE FROM "reminder_states" WHERE "state" = 'done';
