-- Runs once, when the postgres data volume is first created.
-- Every service owns its own database; add one line per new service.
CREATE DATABASE upcar_accounts;
CREATE DATABASE upcar_catalog_search;
CREATE DATABASE upcar_pricing;
CREATE DATABASE upcar_trips;
CREATE DATABASE upcar_hosting_teams;
CREATE DATABASE upcar_messaging;
CREATE DATABASE upcar_captains;
CREATE DATABASE upcar_activity;
