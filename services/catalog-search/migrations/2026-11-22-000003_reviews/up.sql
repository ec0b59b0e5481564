-- Car reviews, one per trip, with a rating per category. The trips service will write them
-- through its events once it exists; until then only the development demo data writes them.
-- `cars.total_rating` and `cars.rating_count` are kept equal to the average and number of a
-- car's reviews by whoever writes them, so the car page, search and the ratings call agree.
CREATE TABLE car_reviews (
    id uuid PRIMARY KEY,
    car_id uuid NOT NULL REFERENCES cars (id),
    trip_id uuid NOT NULL UNIQUE,
    from_user_id uuid NOT NULL,
    -- Copied from the reviewer's profile when the review is written, like the trip event
    -- will carry them, so reading reviews needs no call to accounts.
    reviewer_name text NOT NULL,
    reviewer_profile_pic text NOT NULL DEFAULT '',
    stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
    review text NOT NULL DEFAULT '',
    -- The host's public answer, if any.
    response text,
    responser_name text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((response IS NULL) = (responser_name IS NULL))
);
-- The ratings call reads a car's reviews newest first.
CREATE INDEX car_reviews_car_newest_idx ON car_reviews (car_id, created_at DESC, id DESC);

CREATE TABLE car_category_ratings (
    review_id uuid NOT NULL REFERENCES car_reviews (id) ON DELETE CASCADE,
    category text NOT NULL
        CHECK (category IN ('Cleanliness', 'Maintenance', 'Communication', 'Convenience', 'Accuracy')),
    rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
    PRIMARY KEY (review_id, category)
);

-- How far from the car its host delivers (spec 000 section 7, calculateMaxDeliveryDistance).
ALTER TABLE cars
    ADD COLUMN max_delivery_miles integer NOT NULL DEFAULT 25
        CHECK (max_delivery_miles BETWEEN 0 AND 500);

-- One report per user, car and (UTC) day: a second one the same day is refused by this
-- unique index, which also holds when two reports race.
ALTER TABLE listing_reports ADD COLUMN report_day date;
UPDATE listing_reports SET report_day = (created_at AT TIME ZONE 'UTC')::date;
ALTER TABLE listing_reports
    ALTER COLUMN report_day SET NOT NULL,
    ALTER COLUMN report_day SET DEFAULT ((now() AT TIME ZONE 'UTC')::date);
CREATE UNIQUE INDEX listing_reports_once_a_day_idx ON listing_reports (car_id, reporter_id, report_day);
