-- A home's reports count from the day it started keeping its records in the portal (its go-live date):
-- before it, empty beds are not lost rent and papers are not missing. A home that existed already gets
-- the day it was created, in its own time zone: nothing of it can be in the portal from before then.
-- The administrator moves it in the facility form, and NULL means no limit.
ALTER TABLE "facilities" ADD COLUMN "goLiveDate" TEXT;
UPDATE "facilities" SET "goLiveDate" = to_char("createdAt" AT TIME ZONE "timeZone", 'YYYY-MM-DD');
