DROP TABLE trip_notices;
DROP TABLE notices;
