-- CreateIndex
CREATE INDEX "residents_dateOfBirth_lastName_idx" ON "residents"("dateOfBirth", "lastName");
