ALTER TABLE team_access DROP COLUMN cohost_shares;
