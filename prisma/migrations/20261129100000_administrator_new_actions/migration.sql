-- Four actions came after the first five (undoing a status event, voiding a payment, publishing a rota over
-- a missing clearance, moving a home's go-live date). Nobody could do them before, so no role gets them but
-- the Administrator role, which always holds every action (roles.collection.ts). The group grants them to
-- others in Settings › Roles.
UPDATE "roles" SET "actions" = ARRAY['discharge', 'recordDeath', 'transferResident', 'archiveResident', 'changeCodeStatus', 'undoStatusEvent', 'voidPayment', 'publishWithOverride', 'changeGoLiveDate']
    WHERE "id" = 'administrator';
