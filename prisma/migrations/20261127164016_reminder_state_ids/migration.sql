-- A reminder state's id is the SHA-256 of its home and key (`reminderStateId(facilityId, key)` in
-- @care/core/rules/reminders.rules), no longer a hash of the key alone: every existing state takes it.
-- The audit log is append-only and keeps the ids the states had.
UPDATE "reminder_states" SET "id" = encode(sha256(convert_to("facilityId" || '|' || "key", 'UTF8')), 'hex');
