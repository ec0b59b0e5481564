CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE cars (
    id uuid PRIMARY KEY,
    owner_id uuid NOT NULL,
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'pending', 'active', 'inactive', 'deleted')),
    make text NOT NULL,
    model text NOT NULL,
    car_year integer NOT NULL CHECK (car_year BETWEEN 1990 AND 2100),
    trim text NOT NULL DEFAULT '',
    style text NOT NULL DEFAULT 'sedan',
    transmission text NOT NULL DEFAULT 'automatic' CHECK (transmission IN ('automatic', 'manual')),
    seats integer NOT NULL DEFAULT 4 CHECK (seats BETWEEN 2 AND 15),
    doors integer NOT NULL DEFAULT 4 CHECK (doors BETWEEN 2 AND 8),
    gas_type text NOT NULL DEFAULT 'gas' CHECK (gas_type IN ('gas', 'hybrid', 'ev')),
    odometer text NOT NULL DEFAULT '',
    features text[] NOT NULL DEFAULT '{}',
    special_feature text NOT NULL DEFAULT '',
    description text NOT NULL DEFAULT '',
    license_plate text NOT NULL DEFAULT '',
    plate_state text NOT NULL DEFAULT 'CA',
    vin text UNIQUE,
    photo_urls text[] NOT NULL DEFAULT '{}',
    primary_photo_url text NOT NULL DEFAULT '',
    daily_price_cents bigint NOT NULL CHECK (daily_price_cents > 0),
    price_per_hour_cents bigint NOT NULL DEFAULT 0 CHECK (price_per_hour_cents >= 0),
    -- Host discount for 30+ day rentals, at most the advertised 50%.
    monthly_discount_pct integer NOT NULL DEFAULT 0 CHECK (monthly_discount_pct BETWEEN 0 AND 50),
    street text NOT NULL DEFAULT '',
    city text NOT NULL DEFAULT '',
    state text NOT NULL DEFAULT '',
    zip text NOT NULL DEFAULT '',
    country text NOT NULL DEFAULT 'US',
    latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone text NOT NULL DEFAULT 'America/Los_Angeles',
    advance_notice_hours integer NOT NULL DEFAULT 3 CHECK (advance_notice_hours >= 0),
    min_trip_days integer NOT NULL DEFAULT 1 CHECK (min_trip_days >= 1),
    max_trip_days integer NOT NULL DEFAULT 1000 CHECK (max_trip_days >= min_trip_days),
    two_day_weekend boolean NOT NULL DEFAULT false,
    min_age integer NOT NULL DEFAULT 21 CHECK (min_age >= 21),
    extras jsonb NOT NULL DEFAULT '[]'::jsonb,
    total_rating double precision NOT NULL DEFAULT 0 CHECK (total_rating BETWEEN 0 AND 5),
    rating_count integer NOT NULL DEFAULT 0,
    trip_count integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
-- Nearest-first search walks this index (KNN with <->) and radius filters use earth_box.
CREATE INDEX cars_active_geo_idx ON cars USING gist (ll_to_earth(latitude, longitude)) WHERE status = 'active';
CREATE INDEX cars_owner_idx ON cars (owner_id);

-- The availability read model: bookings (from trips) and host blocks (from hosting), fed by
-- events. Search never asks another service per car.
CREATE TABLE car_unavailability (
    source text NOT NULL CHECK (source IN ('booking', 'host_block')),
    source_id text NOT NULL,
    car_id uuid NOT NULL,
    period tstzrange NOT NULL CHECK (NOT isempty(period)),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, source_id)
);
CREATE INDEX car_unavailability_car_period_idx ON car_unavailability USING gist (car_id, period);

-- The gazetteer shipped with the repo plus the addresses of listed cars.
CREATE TABLE places (
    id text PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('city', 'airport', 'hotel', 'address')),
    name text NOT NULL,
    formatted_address text NOT NULL,
    state_code text NOT NULL DEFAULT '',
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    population integer NOT NULL DEFAULT 0,
    search_text text NOT NULL
);
CREATE INDEX places_trgm_idx ON places USING gin (search_text gin_trgm_ops);

CREATE TABLE listing_reports (
    id uuid PRIMARY KEY,
    car_id uuid NOT NULL REFERENCES cars (id),
    reporter_id uuid NOT NULL,
    report_type text NOT NULL,
    reason text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
