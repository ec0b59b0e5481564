DROP INDEX trips_checked_out_idx;
DROP TABLE trip_reviews;
DROP FUNCTION trip_reviews_written_once();
