DROP INDEX invitation_codes_one_per_owner;
ALTER TABLE invitation_codes DROP COLUMN owner_id;
