-- Reviews after a trip: the guest's of the car and host, the host's of the guest. The database
-- holds the rules it can see by itself: one review per side per trip, whole stars 1 to 5, text
-- of at most 2,000 characters, category ratings only on the guest's review, and a review is
-- never changed or deleted once written (only its publication is recorded, once).
CREATE TABLE trip_reviews (
    id uuid PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    author_role text NOT NULL CHECK (author_role IN ('guest', 'host')),
    -- The guest, or the car's owner for the host's review; `written_by` is who wrote it (the
    -- owner or a co-host managing bookings).
    author_id uuid NOT NULL,
    written_by uuid NOT NULL,
    author_name text NOT NULL,
    author_profile_pic text NOT NULL DEFAULT '',
    stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
    review text NOT NULL DEFAULT '' CHECK (char_length(review) <= 2000),
    -- [{"category": "Cleanliness", "rating": 5}, ...]
    categories jsonb NOT NULL DEFAULT '[]'::jsonb
        CHECK (jsonb_typeof(categories) = 'array'
               AND (author_role = 'guest' OR jsonb_array_length(categories) = 0)),
    created_at timestamptz NOT NULL,
    published_at timestamptz CHECK (published_at IS NULL OR published_at >= created_at),
    CONSTRAINT trip_reviews_one_per_side UNIQUE (trip_id, author_role)
);
-- The publication job looks for reviews not yet public.
CREATE INDEX trip_reviews_unpublished_idx ON trip_reviews (trip_id) WHERE published_at IS NULL;

CREATE FUNCTION trip_reviews_written_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'trip_reviews are never deleted';
    END IF;
    IF OLD.published_at IS NOT NULL
       OR (to_jsonb(NEW) - 'published_at') IS DISTINCT FROM (to_jsonb(OLD) - 'published_at') THEN
        RAISE EXCEPTION 'a trip review is written once; only its publication is recorded';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER trip_reviews_no_change BEFORE UPDATE OR DELETE ON trip_reviews
    FOR EACH ROW EXECUTE FUNCTION trip_reviews_written_once();

-- Completed trips whose review window may still need closing: found by their checkout time.
CREATE INDEX trips_checked_out_idx ON trips (checked_out_at) WHERE status = 'completed';
