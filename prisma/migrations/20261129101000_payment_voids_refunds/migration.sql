-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "balanceAfterCents" BIGINT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'payment',
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "receivedBy" TEXT,
ADD COLUMN     "receivedByUserId" TEXT,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'recorded',
ADD COLUMN     "voidReason" TEXT;
