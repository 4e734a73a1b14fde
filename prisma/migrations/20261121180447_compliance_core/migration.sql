-- CreateTable
CREATE TABLE "document_types" (
    "id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "formCode" TEXT,
    "description" TEXT,
    "required" BOOLEAN NOT NULL DEFAULT true,
    "validityMonths" INTEGER,
    "leadTimeDays" INTEGER NOT NULL DEFAULT 30,
    "facilityIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "needsReview" BOOLEAN NOT NULL DEFAULT false,
    "reappraisal" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "document_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "typeId" TEXT,
    "title" TEXT,
    "fileId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "issueDate" TEXT,
    "expiryDate" TEXT,
    "notes" TEXT,
    "current" BOOLEAN NOT NULL DEFAULT true,
    "replacesId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff" (
    "id" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "otherFacilityIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "preferredName" TEXT,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "phone" TEXT,
    "email" TEXT,
    "address" TEXT,
    "emergencyContactName" TEXT,
    "emergencyContactRelationship" TEXT,
    "emergencyContactPhone" TEXT,
    "hireDate" TEXT,
    "terminationDate" TEXT,
    "clearanceStatus" TEXT NOT NULL DEFAULT 'not_started',
    "clearanceDate" TEXT,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "staff_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reminders" (
    "id" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "notes" TEXT,
    "linkType" TEXT,
    "linkId" TEXT,
    "repeat" TEXT NOT NULL DEFAULT 'none',
    "status" TEXT NOT NULL DEFAULT 'open',
    "snoozedUntil" TEXT,
    "lastDoneOn" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "reminders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reminder_states" (
    "id" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "snoozedUntil" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "reminder_states_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_types_subject_sortOrder_id_idx" ON "document_types"("subject", "sortOrder", "id");

-- CreateIndex
CREATE INDEX "document_types_subject_name_id_idx" ON "document_types"("subject", "name", "id");

-- CreateIndex
CREATE INDEX "document_types_sortOrder_id_idx" ON "document_types"("sortOrder", "id");

-- CreateIndex
CREATE INDEX "document_types_name_id_idx" ON "document_types"("name", "id");

-- CreateIndex
CREATE INDEX "documents_subjectId_current_createdAt_id_idx" ON "documents"("subjectId", "current", "createdAt", "id");

-- CreateIndex
CREATE INDEX "documents_facilityId_subject_createdAt_id_idx" ON "documents"("facilityId", "subject", "createdAt", "id");

-- CreateIndex
CREATE INDEX "documents_facilityId_expiryDate_id_idx" ON "documents"("facilityId", "expiryDate", "id");

-- CreateIndex
CREATE INDEX "documents_facilityId_current_createdAt_id_idx" ON "documents"("facilityId", "current", "createdAt", "id");

-- CreateIndex
CREATE INDEX "documents_subject_current_createdAt_id_idx" ON "documents"("subject", "current", "createdAt", "id");

-- CreateIndex
CREATE INDEX "documents_typeId_createdAt_id_idx" ON "documents"("typeId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "documents_current_expiryDate_id_idx" ON "documents"("current", "expiryDate", "id");

-- CreateIndex
CREATE INDEX "documents_createdAt_id_idx" ON "documents"("createdAt", "id");

-- CreateIndex
CREATE INDEX "documents_expiryDate_id_idx" ON "documents"("expiryDate", "id");

-- CreateIndex
CREATE INDEX "documents_issueDate_id_idx" ON "documents"("issueDate", "id");

-- CreateIndex
CREATE INDEX "documents_fileId_idx" ON "documents"("fileId");

-- CreateIndex
CREATE INDEX "staff_facilityId_lastName_id_idx" ON "staff"("facilityId", "lastName", "id");

-- CreateIndex
CREATE INDEX "staff_facilityId_status_lastName_id_idx" ON "staff"("facilityId", "status", "lastName", "id");

-- CreateIndex
CREATE INDEX "staff_facilityId_role_lastName_id_idx" ON "staff"("facilityId", "role", "lastName", "id");

-- CreateIndex
CREATE INDEX "staff_facilityId_hireDate_id_idx" ON "staff"("facilityId", "hireDate", "id");

-- CreateIndex
CREATE INDEX "staff_status_lastName_id_idx" ON "staff"("status", "lastName", "id");

-- CreateIndex
CREATE INDEX "staff_role_lastName_id_idx" ON "staff"("role", "lastName", "id");

-- CreateIndex
CREATE INDEX "staff_lastName_id_idx" ON "staff"("lastName", "id");

-- CreateIndex
CREATE INDEX "staff_hireDate_id_idx" ON "staff"("hireDate", "id");

-- CreateIndex
CREATE INDEX "reminders_facilityId_status_dueDate_id_idx" ON "reminders"("facilityId", "status", "dueDate", "id");

-- CreateIndex
CREATE INDEX "reminders_facilityId_dueDate_id_idx" ON "reminders"("facilityId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "reminders_status_dueDate_id_idx" ON "reminders"("status", "dueDate", "id");

-- CreateIndex
CREATE INDEX "reminders_linkId_dueDate_id_idx" ON "reminders"("linkId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "reminders_dueDate_id_idx" ON "reminders"("dueDate", "id");

-- CreateIndex
CREATE INDEX "reminder_states_facilityId_createdAt_id_idx" ON "reminder_states"("facilityId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "reminder_states_key_idx" ON "reminder_states"("key");

-- CreateIndex
CREATE INDEX "reminder_states_createdAt_id_idx" ON "reminder_states"("createdAt", "id");

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "staff" ADD CONSTRAINT "staff_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reminder_states" ADD CONSTRAINT "reminder_states_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
