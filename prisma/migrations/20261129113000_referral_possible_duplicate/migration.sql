-- A referral logged although the duplicate check found the same person keeps the earlier referral it
-- may duplicate, so the referral list can show it as a possible duplicate. NULL: none found, linked as
-- a duplicate instead, or said to be another person.
ALTER TABLE "referrals" ADD COLUMN "possibleDuplicateOfId" TEXT;
