-- Live Scan clearance: the date of submission next to the date of the decision, and the statuses
-- not started, submitted, cleared, exemption granted, denied. "pending" becomes "submitted" (a date
-- it had was the submission's), "not_cleared" becomes "denied". Nothing stored is dropped.
ALTER TABLE "staff" ADD COLUMN "clearanceSubmittedDate" TEXT;
UPDATE "staff" SET "clearanceStatus" = 'submitted', "clearanceSubmittedDate" = "clearanceDate", "clearanceDate" = NULL WHERE "clearanceStatus" = 'pending';
UPDATE "staff" SET "clearanceStatus" = 'denied' WHERE "clearanceStatus" = 'not_cleared';
