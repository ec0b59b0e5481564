-- Each approved co-host's share of the team cars' earnings (basis points, in the order of
-- `cohost_ids`), from `hosting.team_changed`; the host keeps the rest.
ALTER TABLE team_access ADD COLUMN cohost_shares integer[] NOT NULL DEFAULT '{}';
ALTER TABLE team_access ADD CONSTRAINT team_access_shares_aligned
    CHECK (cardinality(cohost_shares) = 0 OR cardinality(cohost_shares) = cardinality(cohost_ids));
