-- A host's availability: weekly pickup and return hours (one row per host, for all their cars)
-- and custom blocks. A block the host sets for all cars is one row per car, sharing the
-- `group_id` the host sees as the block's id; each row is published as its own block
-- (`hosting.availability_blocked` / `_unblocked`, `block_id` = the row's id, `version` per row).
CREATE TABLE host_weekly_availability (
    host_id uuid PRIMARY KEY,
    is_always_available boolean NOT NULL,
    weekly jsonb NOT NULL CHECK (jsonb_typeof(weekly) = 'array'),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE host_blocks (
    id uuid PRIMARY KEY,
    group_id uuid NOT NULL,
    host_id uuid NOT NULL,
    car_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    period tstzrange NOT NULL CHECK (NOT isempty(period)),
    -- The dates and times as the host gave them (local to the car).
    start_date date NOT NULL,
    start_time text NOT NULL,
    end_date date NOT NULL,
    end_time text NOT NULL,
    reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 200),
    deleted boolean NOT NULL DEFAULT false,
    version bigint NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX host_blocks_host_idx ON host_blocks (host_id, group_id) WHERE NOT deleted;
CREATE INDEX host_blocks_group_idx ON host_blocks (group_id);
