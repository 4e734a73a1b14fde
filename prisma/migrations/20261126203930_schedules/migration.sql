-- CreateTable
CREATE TABLE "shifts" (
    "id" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "staffId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "start" TEXT NOT NULL,
    "end" TEXT NOT NULL,
    "position" TEXT NOT NULL,
    "duty" TEXT NOT NULL DEFAULT 'awake',
    "note" TEXT,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "shifts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shift_templates" (
    "id" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "start" TEXT NOT NULL,
    "end" TEXT NOT NULL,
    "duty" TEXT NOT NULL DEFAULT 'awake',
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "shift_templates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "shifts_facilityId_date_id_idx" ON "shifts"("facilityId", "date", "id");

-- CreateIndex
CREATE INDEX "shifts_staffId_date_id_idx" ON "shifts"("staffId", "date", "id");

-- CreateIndex
CREATE INDEX "shifts_date_id_idx" ON "shifts"("date", "id");

-- CreateIndex
CREATE INDEX "shifts_published_date_id_idx" ON "shifts"("published", "date", "id");

-- CreateIndex
CREATE INDEX "shift_templates_facilityId_sortOrder_id_idx" ON "shift_templates"("facilityId", "sortOrder", "id");

-- CreateIndex
CREATE INDEX "shift_templates_sortOrder_id_idx" ON "shift_templates"("sortOrder", "id");

-- AddForeignKey
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "staff"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shift_templates" ADD CONSTRAINT "shift_templates_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The default Caregiver role reads the published rota (Schedules & training: read), where a group has
-- not edited that role (still at its first version).
UPDATE "roles" SET "permissions" = jsonb_set("permissions", '{schedules}', '"read"'), "description" = 'Residents and medical records, documents to read, the published rota, no rent, fees or settings. A default shipped with the portal: review it for your group.' WHERE "id" = 'caregiver' AND "version" = 1 AND "permissions"->>'schedules' = 'none';
