-- Incidentals: charges a host adds after (or during) a trip, computed by pricing's rules.
-- A pending one can be removed by the host; the guest accepts the pending ones and pays.
CREATE TABLE trip_incidentals (
    id uuid PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    kind text NOT NULL,
    label text NOT NULL,
    description text NOT NULL DEFAULT '',
    charges jsonb NOT NULL,
    total_cents bigint NOT NULL CHECK (total_cents > 0),
    inputs jsonb NOT NULL DEFAULT '{}'::jsonb,
    status text NOT NULL CHECK (status IN ('pending', 'removed', 'paid')),
    added_by uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    removed_by uuid,
    removed_at timestamptz,
    paid_at timestamptz,
    charge_id text,
    CHECK ((status = 'removed') = (removed_at IS NOT NULL)),
    CHECK ((status = 'paid') = (paid_at IS NOT NULL AND charge_id IS NOT NULL))
);
CREATE INDEX trip_incidentals_trip_idx ON trip_incidentals (trip_id, created_at);

-- Card charges beyond the trip's hold (accepted incidentals), never changed.
CREATE TABLE trip_charges (
    id text PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    user_id uuid NOT NULL,
    payment_method_id text NOT NULL,
    provider text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('incidentals')),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER trip_charges_no_update BEFORE UPDATE OR DELETE ON trip_charges
    FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Issues reported by the guest or the host, never changed.
CREATE TABLE trip_issue_reports (
    id uuid PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    kind text NOT NULL,
    description text NOT NULL,
    reported_by uuid NOT NULL,
    role text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_issue_reports_trip_idx ON trip_issue_reports (trip_id, created_at);
CREATE TRIGGER trip_issue_reports_no_update BEFORE UPDATE OR DELETE ON trip_issue_reports
    FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Photos of issue reports, damage reports (by category) and incidence charges (by type), with
-- server time and the content hash the gateway computed; kept like handover photos.
CREATE TABLE trip_report_photos (
    id bigserial PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    report_kind text NOT NULL CHECK (report_kind IN ('report-issue', 'report-damage', 'incidence')),
    category text NOT NULL,
    issue_id uuid REFERENCES trip_issue_reports (id),
    url text NOT NULL,
    sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    uploaded_by uuid NOT NULL,
    role text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (trip_id, report_kind, category, sha256)
);
CREATE TRIGGER trip_report_photos_no_update BEFORE UPDATE OR DELETE ON trip_report_photos
    FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- The rental agreement: a per-trip token for links that work without signing in, and when the
-- agreement signed itself (check-in and checkout data both exist).
ALTER TABLE trips ADD COLUMN agreement_token text UNIQUE, ADD COLUMN agreement_signed_at timestamptz;

-- Additional drivers invited by the guest. The token is kept as its SHA-256 only; single use.
CREATE TABLE trip_additional_drivers (
    id uuid PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    email text NOT NULL CHECK (email = lower(email)),
    token_sha256 text NOT NULL UNIQUE,
    status text NOT NULL CHECK (status IN ('invited', 'added', 'revoked')),
    invited_by uuid NOT NULL,
    user_id uuid,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at timestamptz,
    CHECK ((status = 'added') = (used_at IS NOT NULL AND user_id IS NOT NULL))
);
CREATE UNIQUE INDEX trip_additional_drivers_one_live ON trip_additional_drivers (trip_id, email)
    WHERE status IN ('invited', 'added');
