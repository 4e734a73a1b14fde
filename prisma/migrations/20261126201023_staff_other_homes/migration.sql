-- CreateIndex
CREATE INDEX "staff_otherFacilityIds_idx" ON "staff" USING GIN ("otherFacilityIds");
