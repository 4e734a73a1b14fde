-- CreateTable
CREATE TABLE "record_changes" (
    "id" TEXT NOT NULL,
    "collection" TEXT NOT NULL,
    "recordId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "actorName" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "record_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "record_changes_recordId_at_id_idx" ON "record_changes"("recordId", "at", "id");

-- CreateIndex
CREATE INDEX "record_changes_collection_recordId_at_id_idx" ON "record_changes"("collection", "recordId", "at", "id");

-- CreateIndex
CREATE INDEX "record_changes_facilityId_at_id_idx" ON "record_changes"("facilityId", "at", "id");

-- CreateIndex
CREATE INDEX "record_changes_collection_at_id_idx" ON "record_changes"("collection", "at", "id");

-- CreateIndex
CREATE INDEX "record_changes_at_id_idx" ON "record_changes"("at", "id");
