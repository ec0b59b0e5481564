DROP INDEX host_blocks_car_idx;
ALTER TABLE host_blocks DROP COLUMN created_by;
DROP TABLE team_audit;
DROP FUNCTION team_audit_append_only();
DROP TABLE team_members;
DROP FUNCTION team_shares_at_most_whole();
DROP TABLE team_cars;
DROP TABLE teams;
