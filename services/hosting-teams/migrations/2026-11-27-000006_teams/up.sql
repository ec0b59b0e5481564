-- Co-host teams. A team is a host's group of cars and the co-hosts who help run them, with the
-- permissions the host granted. A car is in at most one live team, so what a co-host may do to
-- a car has one answer. Members are invitations that the invitee accepts or rejects; the
-- token of the invitation link is kept as its SHA-256 only.
CREATE TABLE teams (
    id uuid PRIMARY KEY,
    host_id uuid NOT NULL,
    team_name text NOT NULL CHECK (char_length(btrim(team_name)) BETWEEN 1 AND 80),
    -- booking management is always granted; `perm_full` includes pricing and availability.
    perm_full boolean NOT NULL DEFAULT false,
    perm_pricing_availability boolean NOT NULL DEFAULT false,
    CHECK (NOT perm_full OR perm_pricing_availability),
    deleted_at timestamptz,
    -- The version of `hosting.team_changed`, moved on with every change.
    version bigint NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX teams_host_idx ON teams (host_id) WHERE deleted_at IS NULL;

CREATE TABLE team_cars (
    team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    listing_id uuid NOT NULL REFERENCES listings (id),
    added_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (team_id, listing_id)
);
-- A deleted team lets go of its cars (its rows are removed), so one row per car at most.
CREATE UNIQUE INDEX team_cars_one_team_per_car ON team_cars (listing_id);

CREATE TABLE team_members (
    id uuid PRIMARY KEY,
    team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    email text NOT NULL CHECK (email = lower(btrim(email)) AND email <> ''),
    -- The account that answered; set on accept and reject.
    user_id uuid,
    status text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected', 'revoked', 'removed')),
    CHECK (status NOT IN ('accepted', 'removed') OR user_id IS NOT NULL),
    -- The co-host's share of the team cars' earnings, basis points.
    share_bp integer NOT NULL DEFAULT 0 CHECK (share_bp BETWEEN 0 AND 10000),
    token_sha256 bytea NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    invited_at timestamptz NOT NULL,
    answered_at timestamptz,
    removed_at timestamptz,
    resent_count integer NOT NULL DEFAULT 0 CHECK (resent_count >= 0)
);
-- One live invitation or membership per person and team.
CREATE UNIQUE INDEX team_members_one_live ON team_members (team_id, email)
    WHERE status IN ('pending', 'accepted');
CREATE UNIQUE INDEX team_members_one_user ON team_members (team_id, user_id)
    WHERE status = 'accepted';
CREATE INDEX team_members_user_idx ON team_members (user_id) WHERE status = 'accepted';
CREATE INDEX team_members_email_idx ON team_members (email) WHERE status = 'pending';

-- The co-hosts' shares (accepted and pending) never add up to more than the whole.
CREATE FUNCTION team_shares_at_most_whole() RETURNS trigger AS $$
BEGIN
    IF (SELECT coalesce(sum(share_bp), 0) FROM team_members
        WHERE team_id = NEW.team_id AND status IN ('pending', 'accepted')) > 10000 THEN
        RAISE EXCEPTION 'team % shares exceed 100%%', NEW.team_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'team_shares_at_most_whole';
    END IF;
    RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE CONSTRAINT TRIGGER team_shares_at_most_whole
    AFTER INSERT OR UPDATE ON team_members
    DEFERRABLE INITIALLY IMMEDIATE
    FOR EACH ROW EXECUTE FUNCTION team_shares_at_most_whole();

-- What happened to a team and what its co-hosts did to its cars: who, what, before and after.
-- Written in the transaction of the change; never updated.
CREATE TABLE team_audit (
    id bigserial PRIMARY KEY,
    team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    actor_id uuid NOT NULL,
    actor_role text NOT NULL CHECK (actor_role IN ('host', 'co-host', 'admin', 'invitee')),
    action text NOT NULL CHECK (action <> ''),
    car_id uuid,
    before jsonb,
    after jsonb,
    at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_audit_team_idx ON team_audit (team_id, id DESC);
CREATE FUNCTION team_audit_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the team audit log is append-only';
END $$ LANGUAGE plpgsql;
CREATE TRIGGER team_audit_append_only BEFORE UPDATE ON team_audit
    FOR EACH ROW EXECUTE FUNCTION team_audit_append_only();

-- A block is kept under the car's owner (who sees every block on their cars) and records who
-- set it (the owner or a co-host with the availability permission).
ALTER TABLE host_blocks ADD COLUMN created_by uuid;
UPDATE host_blocks SET created_by = host_id;
ALTER TABLE host_blocks ALTER COLUMN created_by SET NOT NULL;
CREATE INDEX host_blocks_car_idx ON host_blocks (car_id) WHERE NOT deleted;
