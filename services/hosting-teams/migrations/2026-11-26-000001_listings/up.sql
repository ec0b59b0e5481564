-- Car listings: a host's draft through the wizard's steps, then under review, then a listed
-- car. The wizard's rules are checked in the service; what concurrency or a bug could break
-- is held here.
CREATE TABLE listings (
    id uuid PRIMARY KEY,
    host_id uuid NOT NULL,
    status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'pending', 'active', 'rejected', 'snoozed', 'unlisted', 'deleted')),
    -- Wizard steps saved so far (keys of the spec: location, vinDetails, ...).
    completed_steps text[] NOT NULL DEFAULT '{}',
    vin text CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
    make text,
    model text,
    style text,
    car_year integer CHECK (car_year BETWEEN 1980 AND 2100),
    trim text,
    odometer text,
    transmission text CHECK (transmission IN ('automatic', 'manual')),
    license_plate text,
    plate_state text,
    seats integer CHECK (seats BETWEEN 2 AND 8),
    doors integer CHECK (doors BETWEEN 2 AND 8),
    gas_type text CHECK (gas_type IN ('gas', 'hybrid', 'ev')),
    features text[] NOT NULL DEFAULT '{}',
    special_feature text,
    description text,
    photo_urls text[] NOT NULL DEFAULT '{}',
    primary_photo_url text,
    daily_price_cents bigint CHECK (daily_price_cents > 0),
    rejection_reason text,
    -- Increases with every change published to other services (catalog keeps the newest).
    version bigint NOT NULL DEFAULT 0,
    submitted_at timestamptz,
    reviewed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    -- Past the wizard, every step is saved.
    CONSTRAINT listings_complete_past_draft CHECK (
        status = 'draft' OR (
            completed_steps @> ARRAY['location', 'vinDetails', 'availability', 'features',
                                     'description', 'dailyPrice', 'photos']
            AND vin IS NOT NULL AND daily_price_cents IS NOT NULL
            AND primary_photo_url IS NOT NULL AND submitted_at IS NOT NULL)),
    CONSTRAINT listings_rejection_has_reason CHECK (status <> 'rejected' OR rejection_reason IS NOT NULL)
);
-- A host has at most one draft: the wizard resumes it.
CREATE UNIQUE INDEX listings_one_draft_per_host ON listings (host_id) WHERE status = 'draft';
-- A VIN belongs to one car on the platform (a deleted listing frees it).
CREATE UNIQUE INDEX listings_vin_registered ON listings (vin) WHERE vin IS NOT NULL AND status <> 'deleted';
CREATE INDEX listings_host_idx ON listings (host_id, created_at);
CREATE INDEX listings_review_idx ON listings (submitted_at) WHERE status = 'pending';

-- Where the car is picked up (the wizard's location step).
CREATE TABLE listing_places (
    listing_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
    street text NOT NULL,
    city text NOT NULL,
    state text NOT NULL CHECK (state ~ '^[A-Z]{2}$'),
    zip text NOT NULL CHECK (zip ~ '^[0-9]{5}(-[0-9]{4})?$'),
    country text NOT NULL DEFAULT 'US' CHECK (country = 'US'),
    latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone text NOT NULL
);

-- The car's trip rules (the wizard's availability step).
CREATE TABLE listing_rules (
    listing_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
    advance_notice_hours integer NOT NULL CHECK (advance_notice_hours IN (1, 2, 3, 6, 12, 24)),
    min_trip_days integer NOT NULL CHECK (min_trip_days IN (1, 2, 3, 5, 7, 14, 30)),
    max_trip_days integer NOT NULL CHECK (max_trip_days IN (7, 15, 30, 90, 1000)),
    two_day_weekend boolean NOT NULL DEFAULT false,
    CHECK (max_trip_days >= min_trip_days),
    CHECK (NOT two_day_weekend OR min_trip_days = 1)
);
