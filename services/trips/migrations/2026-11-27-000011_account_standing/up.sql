-- Users' standing from accounts (`accounts.user_standing_changed`, newest version wins). A
-- suspended user cannot book, and their trips that have not started are cancelled as the
-- policy cancels a guest's or a host's trip; `handled_version` is the standing those
-- cancellations were made for, so a restart or a second replica finishes the work and never
-- repeats it.
CREATE TABLE account_standing (
    user_id uuid PRIMARY KEY,
    suspended boolean NOT NULL,
    version bigint NOT NULL CHECK (version > 0),
    handled_version bigint NOT NULL DEFAULT 0 CHECK (handled_version <= version),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_standing_due_idx ON account_standing (user_id)
    WHERE suspended AND handled_version < version;
