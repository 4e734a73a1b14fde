-- CreateTable
CREATE TABLE "training_requirements" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "positions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "period" TEXT NOT NULL,
    "withinDays" INTEGER,
    "yearBasis" TEXT NOT NULL DEFAULT 'calendar',
    "hours" DOUBLE PRECISION NOT NULL,
    "categories" TEXT[],
    "parts" JSONB NOT NULL DEFAULT '[]',
    "leadTimeDays" INTEGER NOT NULL DEFAULT 60,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "needsReview" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "training_requirements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "training_entries" (
    "id" TEXT NOT NULL,
    "staffId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "hours" DOUBLE PRECISION NOT NULL,
    "category" TEXT NOT NULL,
    "online" BOOLEAN NOT NULL DEFAULT false,
    "trainer" TEXT,
    "notes" TEXT,
    "certificateId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "training_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "training_requirements_sortOrder_id_idx" ON "training_requirements"("sortOrder", "id");

-- CreateIndex
CREATE INDEX "training_requirements_name_id_idx" ON "training_requirements"("name", "id");

-- CreateIndex
CREATE INDEX "training_entries_staffId_date_id_idx" ON "training_entries"("staffId", "date", "id");

-- CreateIndex
CREATE INDEX "training_entries_facilityId_date_id_idx" ON "training_entries"("facilityId", "date", "id");

-- CreateIndex
CREATE INDEX "training_entries_category_date_id_idx" ON "training_entries"("category", "date", "id");

-- CreateIndex
CREATE INDEX "training_entries_date_id_idx" ON "training_entries"("date", "id");

-- AddForeignKey
ALTER TABLE "training_entries" ADD CONSTRAINT "training_entries_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "staff"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "training_entries" ADD CONSTRAINT "training_entries_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "facilities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
