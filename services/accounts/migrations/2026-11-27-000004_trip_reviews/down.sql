ALTER TABLE users DROP CONSTRAINT users_host_rating_sum_in_range,
    DROP COLUMN host_rating_sum, DROP COLUMN host_rating_count;
DROP INDEX guest_reviews_one_per_trip_side;
ALTER TABLE guest_reviews DROP COLUMN trip_id, DROP COLUMN author_role;
