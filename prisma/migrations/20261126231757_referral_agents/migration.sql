-- CreateTable
CREATE TABLE "referral_agents" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "agency" TEXT,
    "phone" TEXT,
    "email" TEXT,
    "address" TEXT,
    "duplicateReportDays" INTEGER,
    "moveInReportBusinessDays" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "referral_agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_fee_terms" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "percentBasisPoints" INTEGER,
    "flatCents" INTEGER,
    "capCents" INTEGER,
    "prorateFirstMonth" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "agent_fee_terms_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "referral_agents_name_id_idx" ON "referral_agents"("name", "id");

-- CreateIndex
CREATE INDEX "referral_agents_agency_id_idx" ON "referral_agents"("agency", "id");

-- CreateIndex
CREATE INDEX "referral_agents_active_name_id_idx" ON "referral_agents"("active", "name", "id");

-- CreateIndex
CREATE INDEX "referral_agents_active_agency_id_idx" ON "referral_agents"("active", "agency", "id");

-- CreateIndex
CREATE UNIQUE INDEX "agent_fee_terms_agentId_key" ON "agent_fee_terms"("agentId");

-- CreateIndex
CREATE INDEX "agent_fee_terms_updatedAt_id_idx" ON "agent_fee_terms"("updatedAt", "id");

-- AddForeignKey
ALTER TABLE "agent_fee_terms" ADD CONSTRAINT "agent_fee_terms_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "referral_agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Referral fees became a permission of their own: every role keeps for fees what it had for referrals
UPDATE "roles" SET "permissions" = jsonb_set("permissions", '{fees}', COALESCE("permissions"->'referrals', '"none"')) WHERE "permissions"->'fees' IS NULL;
