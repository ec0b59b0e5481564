DROP TABLE trip_facts;
