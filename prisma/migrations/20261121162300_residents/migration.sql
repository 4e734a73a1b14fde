-- CreateTable
CREATE TABLE "residents" (
    "id" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "preferredName" TEXT,
    "dateOfBirth" TEXT NOT NULL,
    "gender" TEXT NOT NULL,
    "room" TEXT,
    "bed" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "statusDate" TEXT,
    "statusReason" TEXT,
    "admissionDate" TEXT NOT NULL,
    "dischargeDate" TEXT,
    "levelOfCare" TEXT,
    "ambulatoryStatus" TEXT NOT NULL,
    "codeStatus" TEXT NOT NULL,
    "primaryPhysician" TEXT,
    "pharmacy" TEXT,
    "preferredHospital" TEXT,
    "emergencyContacts" JSONB NOT NULL DEFAULT '[]',
    "diet" TEXT,
    "monthlyRateCents" BIGINT,
    "referralLogId" TEXT,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "residents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resident_events" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "reason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "resident_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "diagnoses" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "icd10" TEXT,
    "diagnosedOn" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "diagnoses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "allergies" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "allergen" TEXT NOT NULL,
    "reaction" TEXT,
    "severity" TEXT NOT NULL DEFAULT 'unknown',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "allergies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "medications" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "dose" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "frequency" TEXT NOT NULL,
    "prescriber" TEXT,
    "startDate" TEXT,
    "stopDate" TEXT,
    "asNeeded" BOOLEAN NOT NULL DEFAULT false,
    "instructions" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "medications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vitals" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL,
    "systolic" INTEGER,
    "diastolic" INTEGER,
    "pulse" INTEGER,
    "temperatureF" DOUBLE PRECISION,
    "weightLb" DOUBLE PRECISION,
    "recordedBy" TEXT NOT NULL,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "vitals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "incidents" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "type" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "notified" TEXT,
    "reportFiled" BOOLEAN NOT NULL DEFAULT false,
    "reportFiledOn" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "incidents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appointments" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "provider" TEXT NOT NULL,
    "purpose" TEXT,
    "location" TEXT,
    "transportation" TEXT,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "appointments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rent_rates" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "effectiveFrom" TEXT NOT NULL,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "rent_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rent_charges" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "periodStart" TEXT NOT NULL,
    "periodEnd" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "rent_charges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "receivedOn" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "method" TEXT NOT NULL,
    "reference" TEXT,
    "payer" TEXT,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rent_accounts" (
    "id" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "chargedCents" BIGINT NOT NULL,
    "paidCents" BIGINT NOT NULL,
    "balanceCents" BIGINT NOT NULL,
    "oldestUnpaidDueDate" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "rent_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "residents_facilityId_lastName_id_idx" ON "residents"("facilityId", "lastName", "id");

-- CreateIndex
CREATE INDEX "residents_facilityId_status_lastName_id_idx" ON "residents"("facilityId", "status", "lastName", "id");

-- CreateIndex
CREATE INDEX "residents_facilityId_admissionDate_id_idx" ON "residents"("facilityId", "admissionDate", "id");

-- CreateIndex
CREATE INDEX "residents_facilityId_room_id_idx" ON "residents"("facilityId", "room", "id");

-- CreateIndex
CREATE INDEX "residents_status_lastName_id_idx" ON "residents"("status", "lastName", "id");

-- CreateIndex
CREATE INDEX "residents_lastName_id_idx" ON "residents"("lastName", "id");

-- CreateIndex
CREATE INDEX "resident_events_residentId_date_id_idx" ON "resident_events"("residentId", "date", "id");

-- CreateIndex
CREATE INDEX "resident_events_facilityId_date_id_idx" ON "resident_events"("facilityId", "date", "id");

-- CreateIndex
CREATE INDEX "resident_events_type_date_id_idx" ON "resident_events"("type", "date", "id");

-- CreateIndex
CREATE INDEX "diagnoses_residentId_name_id_idx" ON "diagnoses"("residentId", "name", "id");

-- CreateIndex
CREATE INDEX "diagnoses_facilityId_name_id_idx" ON "diagnoses"("facilityId", "name", "id");

-- CreateIndex
CREATE INDEX "diagnoses_active_name_id_idx" ON "diagnoses"("active", "name", "id");

-- CreateIndex
CREATE INDEX "allergies_residentId_allergen_id_idx" ON "allergies"("residentId", "allergen", "id");

-- CreateIndex
CREATE INDEX "allergies_facilityId_allergen_id_idx" ON "allergies"("facilityId", "allergen", "id");

-- CreateIndex
CREATE INDEX "medications_residentId_name_id_idx" ON "medications"("residentId", "name", "id");

-- CreateIndex
CREATE INDEX "medications_facilityId_name_id_idx" ON "medications"("facilityId", "name", "id");

-- CreateIndex
CREATE INDEX "vitals_residentId_recordedAt_id_idx" ON "vitals"("residentId", "recordedAt", "id");

-- CreateIndex
CREATE INDEX "vitals_facilityId_recordedAt_id_idx" ON "vitals"("facilityId", "recordedAt", "id");

-- CreateIndex
CREATE INDEX "incidents_residentId_occurredAt_id_idx" ON "incidents"("residentId", "occurredAt", "id");

-- CreateIndex
CREATE INDEX "incidents_facilityId_occurredAt_id_idx" ON "incidents"("facilityId", "occurredAt", "id");

-- CreateIndex
CREATE INDEX "incidents_type_occurredAt_id_idx" ON "incidents"("type", "occurredAt", "id");

-- CreateIndex
CREATE INDEX "appointments_residentId_at_id_idx" ON "appointments"("residentId", "at", "id");

-- CreateIndex
CREATE INDEX "appointments_facilityId_at_id_idx" ON "appointments"("facilityId", "at", "id");

-- CreateIndex
CREATE INDEX "appointments_status_at_id_idx" ON "appointments"("status", "at", "id");

-- CreateIndex
CREATE INDEX "rent_rates_residentId_effectiveFrom_id_idx" ON "rent_rates"("residentId", "effectiveFrom", "id");

-- CreateIndex
CREATE INDEX "rent_rates_facilityId_effectiveFrom_id_idx" ON "rent_rates"("facilityId", "effectiveFrom", "id");

-- CreateIndex
CREATE INDEX "rent_charges_residentId_month_id_idx" ON "rent_charges"("residentId", "month", "id");

-- CreateIndex
CREATE INDEX "rent_charges_facilityId_month_id_idx" ON "rent_charges"("facilityId", "month", "id");

-- CreateIndex
CREATE INDEX "rent_charges_month_id_idx" ON "rent_charges"("month", "id");

-- CreateIndex
CREATE INDEX "rent_charges_facilityId_dueDate_id_idx" ON "rent_charges"("facilityId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "payments_residentId_receivedOn_id_idx" ON "payments"("residentId", "receivedOn", "id");

-- CreateIndex
CREATE INDEX "payments_facilityId_receivedOn_id_idx" ON "payments"("facilityId", "receivedOn", "id");

-- CreateIndex
CREATE INDEX "payments_method_receivedOn_id_idx" ON "payments"("method", "receivedOn", "id");

-- CreateIndex
CREATE INDEX "rent_accounts_residentId_balanceCents_id_idx" ON "rent_accounts"("residentId", "balanceCents", "id");

-- CreateIndex
CREATE INDEX "rent_accounts_facilityId_balanceCents_id_idx" ON "rent_accounts"("facilityId", "balanceCents", "id");

-- AddForeignKey
ALTER TABLE "residents" ADD CONSTRAINT "residents_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resident_events" ADD CONSTRAINT "resident_events_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resident_events" ADD CONSTRAINT "resident_events_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "medications" ADD CONSTRAINT "medications_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "medications" ADD CONSTRAINT "medications_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vitals" ADD CONSTRAINT "vitals_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vitals" ADD CONSTRAINT "vitals_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rent_rates" ADD CONSTRAINT "rent_rates_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rent_rates" ADD CONSTRAINT "rent_rates_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rent_accounts" ADD CONSTRAINT "rent_accounts_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "residents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rent_accounts" ADD CONSTRAINT "rent_accounts_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
