CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
    id uuid PRIMARY KEY,
    role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    professional_email text,
    phone_number text,
    country_code text NOT NULL DEFAULT '+1',
    password_hash text,
    promotions_enrollment boolean NOT NULL DEFAULT false,
    sign_up_code text,
    terms_accepted boolean NOT NULL DEFAULT true,
    device_fingerprint text,
    is_professional_user boolean NOT NULL DEFAULT false,
    email_verified boolean NOT NULL DEFAULT false,
    mobile_verified boolean NOT NULL DEFAULT false,
    dob date,
    profile_pic text,
    about text,
    home_location jsonb NOT NULL DEFAULT '[]'::jsonb,
    stripe_customer_id text,
    has_payment_method boolean NOT NULL DEFAULT false,
    completed_trips integer NOT NULL DEFAULT 0 CHECK (completed_trips >= 0),
    host_rating double precision NOT NULL DEFAULT 0 CHECK (host_rating BETWEEN 0 AND 5),
    host_trip_count integer NOT NULL DEFAULT 0 CHECK (host_trip_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (email = lower(btrim(email)))
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_phone_key ON users (phone_number) WHERE phone_number IS NOT NULL;

CREATE TABLE captains (
    id uuid PRIMARY KEY,
    email text NOT NULL UNIQUE CHECK (email = lower(btrim(email))),
    first_name text NOT NULL,
    last_name text NOT NULL,
    phone_number text,
    password_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invitation_codes (
    code text PRIMARY KEY CHECK (code = upper(code)),
    description text NOT NULL DEFAULT '',
    max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
    uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
    expires_at timestamptz,
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- One-time codes, stored as keyed hashes only.
CREATE TABLE otp_codes (
    id uuid PRIMARY KEY,
    subject_kind text NOT NULL CHECK (subject_kind IN ('user', 'captain')),
    subject_id uuid NOT NULL,
    channel text NOT NULL CHECK (channel IN ('email', 'phone')),
    purpose text NOT NULL,
    destination text NOT NULL,
    code_hash text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    expires_at timestamptz NOT NULL,
    consumed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_codes_subject_idx ON otp_codes (subject_kind, subject_id, channel, created_at DESC);

CREATE TABLE favourites (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    car_id uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, car_id)
);

CREATE TABLE guest_reviews (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_user_id uuid NOT NULL,
    from_user_name text NOT NULL,
    stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
    review text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guest_reviews_user_idx ON guest_reviews (user_id, created_at DESC);

CREATE TABLE driver_documents (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    dl_key text,
    dl_back_key text,
    selfie_key text,
    insurance_key text,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every email and SMS the product sends, kept for the development outbox route.
CREATE TABLE sent_messages (
    id uuid PRIMARY KEY,
    to_address text NOT NULL,
    channel text NOT NULL CHECK (channel IN ('email', 'sms')),
    subject text NOT NULL,
    body text NOT NULL,
    code text,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sent_messages_to_idx ON sent_messages (to_address, created_at DESC);

-- Emails captured by the sign-up form (storeEmail) and the promo dialog (coupons).
CREATE TABLE email_captures (
    email text NOT NULL,
    source text NOT NULL CHECK (source IN ('signup_form', 'potential_user')),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (email, source)
);
