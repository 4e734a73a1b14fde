-- CreateTable
CREATE TABLE "roles" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "permissions" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" TEXT,
    "updatedBy" TEXT,
    "archivedAt" TIMESTAMPTZ(3),

    CONSTRAINT "roles_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "roles_name_id_idx" ON "roles"("name", "id");

-- The default roles (the group reviews and edits them in Settings), and existing users moved onto them:
-- administrators keep everything, and the former "staff" role becomes House manager (it can do what staff could).
INSERT INTO "roles" ("id", "name", "description", "permissions") VALUES
    ('administrator', 'Administrator', 'Everything, in the homes the user may see. A default shipped with the portal: review it for your group.', '{"residents":"write","medical":"write","rent":"write","staff":"write","schedules":"write","referrals":"write","facilities":"write","documents":"write","reports":"write","users":"write","audit":"write","export":"write"}'::jsonb),
    ('house-manager', 'House manager', 'Everything in their homes except users, roles and data export. A default shipped with the portal: review it for your group.', '{"residents":"write","medical":"write","rent":"write","staff":"write","schedules":"write","referrals":"write","facilities":"write","documents":"write","reports":"write","users":"none","audit":"read","export":"none"}'::jsonb),
    ('caregiver', 'Caregiver', 'Residents and medical records, documents to read, no rent, fees or settings. A default shipped with the portal: review it for your group.', '{"residents":"write","medical":"write","rent":"none","staff":"none","schedules":"none","referrals":"none","facilities":"none","documents":"read","reports":"none","users":"none","audit":"none","export":"none"}'::jsonb),
    ('office', 'Office', 'Rent, referrals and fees, reports, and residents to read. A default shipped with the portal: review it for your group.', '{"residents":"read","medical":"none","rent":"write","staff":"none","schedules":"none","referrals":"write","facilities":"none","documents":"none","reports":"read","users":"none","audit":"none","export":"none"}'::jsonb);
UPDATE "users" SET "role" = 'administrator' WHERE "role" = 'admin';
UPDATE "users" SET "role" = 'house-manager' WHERE "role" NOT IN (SELECT "id" FROM "roles");


-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_role_fkey" FOREIGN KEY ("role") REFERENCES "roles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
