-- AlterTable
ALTER TABLE "users" ADD COLUMN     "lastSignInAt" TIMESTAMPTZ(3),
ADD COLUMN     "mustChangePassword" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "staffId" TEXT;

-- CreateTable
CREATE TABLE "portal_settings" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "portal_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "portal_settings_updatedAt_id_idx" ON "portal_settings"("updatedAt", "id");

-- CreateIndex
CREATE INDEX "users_displayName_id_idx" ON "users"("displayName", "id");

-- CreateIndex
CREATE INDEX "users_lastSignInAt_id_idx" ON "users"("lastSignInAt", "id");
