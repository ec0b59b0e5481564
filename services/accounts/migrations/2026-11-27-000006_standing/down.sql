DROP TABLE account_standing;
DROP FUNCTION account_standing_logged();
DROP TABLE account_actions;
DROP FUNCTION account_actions_append_only();
