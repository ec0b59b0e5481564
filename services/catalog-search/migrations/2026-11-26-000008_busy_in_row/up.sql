-- A car's bookings and blocks that have not ended, in its own row, so a search checks a car's
-- availability as it reads the car instead of probing car_unavailability once per car (a
-- GiST descent on (car_id, period) cost about as much as reading the car). car_unavailability
-- stays the read model events apply to; `busy` is derived from it by the triggers below, so
-- every writer (the event consumer, the fleet generator, an operator's fix) keeps it true.
-- Periods that ended before the last change are left out: a search never starts in the past,
-- and the row stays small however long the car's history grows.
ALTER TABLE cars ADD COLUMN busy tstzmultirange NOT NULL DEFAULT '{}';

CREATE FUNCTION car_busy(car uuid) RETURNS tstzmultirange
LANGUAGE sql STABLE AS $$
    SELECT coalesce(range_agg(period), '{}'::tstzmultirange)
    FROM car_unavailability
    WHERE car_id = car AND period IS NOT NULL AND upper(period) > now()
$$;

-- After each statement on car_unavailability, the cars it touched take their periods again.
-- The cars are locked first, in id order, and read after: under read committed each statement
-- here sees what committed before it began, so two transactions changing the same car's
-- periods at once cannot leave either change out of `busy`.
CREATE FUNCTION car_unavailability_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    touched uuid[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        touched := ARRAY(SELECT DISTINCT car_id FROM new_rows);
    ELSIF TG_OP = 'UPDATE' THEN
        touched := ARRAY(SELECT car_id FROM new_rows UNION SELECT car_id FROM old_rows);
    ELSE
        touched := ARRAY(SELECT DISTINCT car_id FROM old_rows);
    END IF;
    IF cardinality(touched) = 0 THEN
        RETURN NULL;
    END IF;
    PERFORM 1 FROM cars WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
    UPDATE cars SET busy = car_busy(id) WHERE id = ANY (touched);
    RETURN NULL;
END
$$;

CREATE TRIGGER car_unavailability_inserted AFTER INSERT ON car_unavailability
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION car_unavailability_changed();
CREATE TRIGGER car_unavailability_updated AFTER UPDATE ON car_unavailability
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION car_unavailability_changed();
CREATE TRIGGER car_unavailability_deleted AFTER DELETE ON car_unavailability
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION car_unavailability_changed();

-- A car added after periods for its id arrived starts with them.
CREATE FUNCTION car_inserted_busy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.busy := car_busy(NEW.id);
    RETURN NEW;
END
$$;
CREATE TRIGGER car_busy_on_insert BEFORE INSERT ON cars
    FOR EACH ROW EXECUTE FUNCTION car_inserted_busy();

UPDATE cars SET busy = car_busy(id)
WHERE id IN (SELECT car_id FROM car_unavailability WHERE period IS NOT NULL AND upper(period) > now());
