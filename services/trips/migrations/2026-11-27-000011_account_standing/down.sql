DROP TABLE account_standing;
