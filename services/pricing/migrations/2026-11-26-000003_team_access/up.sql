-- Co-host teams as pricing needs them (a read model of hosting's `hosting.team_changed`, the
-- same events and rules as trips' own): which approved co-hosts may manage, and so see the
-- prices of, the bookings of which cars. One row per team, replaced only by a newer version; a
-- deleted team keeps its row (inactive) so a late older event cannot revive it.
CREATE TABLE team_access (
    team_id uuid PRIMARY KEY,
    host_id uuid NOT NULL,
    active boolean NOT NULL,
    booking_management boolean NOT NULL,
    car_ids uuid[] NOT NULL DEFAULT '{}',
    cohost_ids uuid[] NOT NULL DEFAULT '{}',
    version bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_access_cohosts_idx ON team_access USING gin (cohost_ids) WHERE active;
