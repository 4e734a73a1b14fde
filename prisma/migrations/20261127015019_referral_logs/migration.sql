-- CreateTable
CREATE TABLE "referrals" (
    "id" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "referredOn" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'agent',
    "agentId" TEXT,
    "sourceDetail" TEXT,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "dateOfBirth" TEXT,
    "phone" TEXT,
    "email" TEXT,
    "contactName" TEXT,
    "contactRelationship" TEXT,
    "careNeeds" TEXT,
    "budgetCents" BIGINT,
    "desiredMoveIn" TEXT,
    "status" TEXT NOT NULL DEFAULT 'new',
    "nextFollowUp" TEXT,
    "tourAt" TEXT,
    "closeReason" TEXT,
    "outcomeNotes" TEXT,
    "duplicateOfId" TEXT,
    "duplicateNote" TEXT,
    "duplicateReportedOn" TEXT,
    "residentId" TEXT,
    "moveInDate" TEXT,
    "firstMonthRentCents" BIGINT,
    "moveInReportedOn" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "referrals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "referral_contacts" (
    "id" TEXT NOT NULL,
    "referralId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "withWhom" TEXT,
    "notes" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "referral_contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "referral_fees" (
    "id" TEXT NOT NULL,
    "referralId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "amountCents" BIGINT,
    "invoiceNumber" TEXT,
    "method" TEXT,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "referral_fees_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "referrals_facilityId_referredOn_id_idx" ON "referrals"("facilityId", "referredOn", "id");

-- CreateIndex
CREATE INDEX "referrals_facilityId_status_referredOn_id_idx" ON "referrals"("facilityId", "status", "referredOn", "id");

-- CreateIndex
CREATE INDEX "referrals_status_referredOn_id_idx" ON "referrals"("status", "referredOn", "id");

-- CreateIndex
CREATE INDEX "referrals_agentId_referredOn_id_idx" ON "referrals"("agentId", "referredOn", "id");

-- CreateIndex
CREATE INDEX "referrals_referredOn_id_idx" ON "referrals"("referredOn", "id");

-- CreateIndex
CREATE INDEX "referrals_dateOfBirth_idx" ON "referrals"("dateOfBirth");

-- CreateIndex
CREATE INDEX "referrals_phone_idx" ON "referrals"("phone");

-- CreateIndex
CREATE INDEX "referrals_email_idx" ON "referrals"("email");

-- CreateIndex
CREATE INDEX "referral_contacts_referralId_at_id_idx" ON "referral_contacts"("referralId", "at", "id");

-- CreateIndex
CREATE INDEX "referral_contacts_facilityId_at_id_idx" ON "referral_contacts"("facilityId", "at", "id");

-- CreateIndex
CREATE INDEX "referral_contacts_at_id_idx" ON "referral_contacts"("at", "id");

-- CreateIndex
CREATE INDEX "referral_fees_referralId_date_id_idx" ON "referral_fees"("referralId", "date", "id");

-- CreateIndex
CREATE INDEX "referral_fees_agentId_date_id_idx" ON "referral_fees"("agentId", "date", "id");

-- CreateIndex
CREATE INDEX "referral_fees_facilityId_date_id_idx" ON "referral_fees"("facilityId", "date", "id");

-- CreateIndex
CREATE INDEX "referral_fees_date_id_idx" ON "referral_fees"("date", "id");

-- AddForeignKey
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "referral_agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referral_contacts" ADD CONSTRAINT "referral_contacts_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referral_fees" ADD CONSTRAINT "referral_fees_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
