-- CreateIndex
CREATE INDEX "allergies_allergen_id_idx" ON "allergies"("allergen", "id");

-- CreateIndex
CREATE INDEX "appointments_at_id_idx" ON "appointments"("at", "id");

-- CreateIndex
CREATE INDEX "audit_log_recordId_at_id_idx" ON "audit_log"("recordId", "at", "id");

-- CreateIndex
CREATE INDEX "diagnoses_name_id_idx" ON "diagnoses"("name", "id");

-- CreateIndex
CREATE INDEX "incidents_occurredAt_id_idx" ON "incidents"("occurredAt", "id");

-- CreateIndex
CREATE INDEX "medications_name_id_idx" ON "medications"("name", "id");

-- CreateIndex
CREATE INDEX "payments_receivedOn_id_idx" ON "payments"("receivedOn", "id");

-- CreateIndex
CREATE INDEX "rent_accounts_balanceCents_id_idx" ON "rent_accounts"("balanceCents", "id");

-- CreateIndex
CREATE INDEX "rent_charges_dueDate_id_idx" ON "rent_charges"("dueDate", "id");

-- CreateIndex
CREATE INDEX "rent_rates_effectiveFrom_id_idx" ON "rent_rates"("effectiveFrom", "id");

-- CreateIndex
CREATE INDEX "resident_events_date_id_idx" ON "resident_events"("date", "id");

-- CreateIndex
CREATE INDEX "residents_admissionDate_id_idx" ON "residents"("admissionDate", "id");

-- CreateIndex
CREATE INDEX "residents_room_id_idx" ON "residents"("room", "id");

-- CreateIndex
CREATE INDEX "vitals_recordedAt_id_idx" ON "vitals"("recordedAt", "id");
