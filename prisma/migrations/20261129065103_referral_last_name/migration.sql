-- CreateIndex
CREATE INDEX "referrals_lastName_idx" ON "referrals"("lastName");
