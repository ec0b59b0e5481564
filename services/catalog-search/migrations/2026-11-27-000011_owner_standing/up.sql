-- The exclusion list (accounts' `accounts.user_standing_changed`): the cars of a suspended
-- owner leave search and cannot be booked until the owner is reinstated. `owner_standing`
-- keeps the newest standing per user; `cars.owner_suspended` mirrors it on every car, kept
-- by the triggers below, so searches read the car's own row only.
CREATE TABLE owner_standing (
    owner_id uuid PRIMARY KEY,
    suspended boolean NOT NULL,
    version bigint NOT NULL CHECK (version > 0),
    updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE cars ADD COLUMN owner_suspended boolean NOT NULL DEFAULT false;

-- A car listed or moved to an owner takes the owner's standing.
CREATE FUNCTION cars_take_owner_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.owner_suspended := coalesce(
        (SELECT suspended FROM owner_standing WHERE owner_id = NEW.owner_id), false);
    RETURN NEW;
END $$;
CREATE TRIGGER cars_take_owner_standing BEFORE INSERT OR UPDATE OF owner_id, owner_suspended ON cars
    FOR EACH ROW EXECUTE FUNCTION cars_take_owner_standing();

-- A change of standing reaches every car of the owner; moving `updated_at` republishes the
-- cars' pricing and drops their cached pages (the pricing feed).
CREATE FUNCTION owner_standing_to_cars() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE cars SET owner_suspended = NEW.suspended, updated_at = now()
     WHERE owner_id = NEW.owner_id AND owner_suspended IS DISTINCT FROM NEW.suspended;
    RETURN NEW;
END $$;
CREATE TRIGGER owner_standing_to_cars AFTER INSERT OR UPDATE ON owner_standing
    FOR EACH ROW EXECUTE FUNCTION owner_standing_to_cars();
