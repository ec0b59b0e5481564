-- A member's own invitation code (spec 002: membership is by invitation; spec 001: the
-- invitation-code dialog). At most one per member, held by a unique index; the code's uses are
-- counted by sign-up like any invitation code's.
ALTER TABLE invitation_codes ADD COLUMN owner_id uuid REFERENCES users (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX invitation_codes_one_per_owner ON invitation_codes (owner_id) WHERE owner_id IS NOT NULL;
