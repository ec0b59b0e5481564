DROP TABLE team_access;
