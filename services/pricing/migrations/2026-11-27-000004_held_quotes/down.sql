DROP TABLE held_quotes;
