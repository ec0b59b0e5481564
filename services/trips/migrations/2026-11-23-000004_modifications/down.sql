DROP TABLE trip_modifications;
