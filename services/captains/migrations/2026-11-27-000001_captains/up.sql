-- Captains' dispatch profiles: where a captain's day starts and their shift in local minutes.
-- The account (login, password) is accounts'; this is what dispatch needs.
CREATE TABLE captains (
    id uuid PRIMARY KEY,
    first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
    base_latitude double precision NOT NULL CHECK (base_latitude BETWEEN -90 AND 90),
    base_longitude double precision NOT NULL CHECK (base_longitude BETWEEN -180 AND 180),
    time_zone text NOT NULL,
    shift_start_minute integer NOT NULL CHECK (shift_start_minute BETWEEN 0 AND 1439),
    shift_end_minute integer NOT NULL CHECK (shift_end_minute BETWEEN 1 AND 1440),
    active boolean NOT NULL DEFAULT true,
    CHECK (shift_end_minute > shift_start_minute)
);

-- The delivery trips tasks are made from (trips' events; the newest `version` wins).
CREATE TABLE trips (
    trip_id uuid PRIMARY KEY,
    car_id uuid NOT NULL,
    guest_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    time_zone text NOT NULL,
    cancelled boolean NOT NULL DEFAULT false,
    version bigint NOT NULL CHECK (version > 0),
    CHECK (end_time > start_time)
);

-- Trips cancelled, kept even when captains never heard of their booking: a booking event
-- arriving after its cancellation changes nothing.
CREATE TABLE cancelled_trips (
    trip_id uuid PRIMARY KEY,
    version bigint NOT NULL
);

-- One task per trip and type. A place is {street, city, state, zip, latitude, longitude}.
CREATE TABLE tasks (
    id uuid PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (trip_id),
    kind text NOT NULL CHECK (kind IN ('delivery_to_guest', 'return_to_host')),
    status text NOT NULL DEFAULT 'scheduled'
        CHECK (status IN ('scheduled', 'in_progress', 'completed', 'cancelled')),
    step text CHECK (step IN ('picked_up_from_host', 'delivered_to_guest', 'picked_up_from_guest', 'delivered_to_host')),
    -- At the guest: the trip's start for a delivery, its end for a return.
    scheduled_at timestamptz NOT NULL,
    -- The day the task is in, at the car (the captain's task list is by this date).
    local_date date NOT NULL,
    from_place jsonb NOT NULL,
    to_place jsonb NOT NULL,
    car_make text NOT NULL,
    car_model text NOT NULL,
    car_photo text NOT NULL DEFAULT '',
    -- Dispatch's plan.
    captain_id uuid REFERENCES captains (id),
    route_order integer CHECK (route_order > 0),
    eta_first timestamptz,
    eta_second timestamptz,
    late boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (trip_id, kind),
    -- A task under way or done has its captain.
    CHECK (status = 'scheduled' OR status = 'cancelled' OR captain_id IS NOT NULL),
    CHECK (status <> 'scheduled' OR step IS NULL),
    CHECK (status NOT IN ('in_progress', 'completed') OR step IS NOT NULL)
);
CREATE INDEX tasks_day_idx ON tasks (local_date, captain_id);
CREATE INDEX tasks_trip_idx ON tasks (trip_id);

-- Each step as recorded: the server's time, the captain's position and photos
-- ([{url, sha256}]). Rows are only added, forward one step at a time, by the task's captain;
-- the task's step and status follow from them.
CREATE TABLE task_steps (
    task_id uuid NOT NULL REFERENCES tasks (id),
    step text NOT NULL CHECK (step IN ('picked_up_from_host', 'delivered_to_guest', 'picked_up_from_guest', 'delivered_to_host')),
    captain_id uuid NOT NULL REFERENCES captains (id),
    at timestamptz NOT NULL,
    latitude double precision CHECK (latitude BETWEEN -90 AND 90),
    longitude double precision CHECK (longitude BETWEEN -180 AND 180),
    photos jsonb NOT NULL DEFAULT '[]'::jsonb,
    PRIMARY KEY (task_id, step)
);

CREATE FUNCTION task_steps_forward() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t tasks%ROWTYPE;
    expected text;
BEGIN
    SELECT * INTO t FROM tasks WHERE id = NEW.task_id FOR UPDATE;
    IF t.status = 'cancelled' THEN
        RAISE EXCEPTION 'the task is cancelled';
    END IF;
    IF t.captain_id IS DISTINCT FROM NEW.captain_id THEN
        RAISE EXCEPTION 'only the assigned captain records a step';
    END IF;
    expected := CASE
        WHEN t.kind = 'delivery_to_guest' AND t.step IS NULL THEN 'picked_up_from_host'
        WHEN t.kind = 'delivery_to_guest' AND t.step = 'picked_up_from_host' THEN 'delivered_to_guest'
        WHEN t.kind = 'return_to_host' AND t.step IS NULL THEN 'picked_up_from_guest'
        WHEN t.kind = 'return_to_host' AND t.step = 'picked_up_from_guest' THEN 'delivered_to_host'
    END;
    IF NEW.step IS DISTINCT FROM expected THEN
        RAISE EXCEPTION 'steps go forward one at a time';
    END IF;
    UPDATE tasks
       SET step = NEW.step,
           status = CASE WHEN NEW.step IN ('delivered_to_guest', 'delivered_to_host')
                         THEN 'completed' ELSE 'in_progress' END,
           updated_at = NEW.at
     WHERE id = NEW.task_id;
    RETURN NEW;
END $$;
CREATE TRIGGER task_steps_forward BEFORE INSERT ON task_steps
    FOR EACH ROW EXECUTE FUNCTION task_steps_forward();

CREATE FUNCTION task_steps_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'task steps are append-only';
END $$;
CREATE TRIGGER task_steps_append_only BEFORE UPDATE OR DELETE ON task_steps
    FOR EACH ROW EXECUTE FUNCTION task_steps_append_only();
