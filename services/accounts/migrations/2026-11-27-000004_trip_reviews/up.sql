-- Reviews of a user from their trips (published by trips): the host's reviews of a guest and
-- the guests' reviews of a host, shown on the user's profile. The review's id is trips', so a
-- redelivered event adds nothing; one review per trip and side.
ALTER TABLE guest_reviews
    ADD COLUMN trip_id uuid,
    ADD COLUMN author_role text NOT NULL DEFAULT 'host' CHECK (author_role IN ('guest', 'host'));
CREATE UNIQUE INDEX guest_reviews_one_per_trip_side ON guest_reviews (trip_id, author_role)
    WHERE trip_id IS NOT NULL;

-- The host card's rating is the average of the guests' stars: their sum and count are kept so
-- each new review moves it exactly (demo hosts start from a recorded history).
ALTER TABLE users
    ADD COLUMN host_rating_sum bigint NOT NULL DEFAULT 0,
    ADD COLUMN host_rating_count integer NOT NULL DEFAULT 0 CHECK (host_rating_count >= 0),
    ADD CONSTRAINT users_host_rating_sum_in_range
        CHECK (host_rating_sum BETWEEN host_rating_count AND 5 * host_rating_count::bigint);
UPDATE users SET host_rating_count = host_trip_count, host_rating_sum = round(host_rating * host_trip_count)
    WHERE host_rating > 0 AND host_trip_count > 0;
