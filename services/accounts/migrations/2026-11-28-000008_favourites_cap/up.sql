-- At most 500 favourite cars per user, held by the database: the insert locks the user's row,
-- so two adds at 499 cannot both pass. A car already among them is left to ON CONFLICT.
CREATE FUNCTION favourites_at_most_500() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM users WHERE id = NEW.user_id FOR UPDATE;
    IF EXISTS (SELECT 1 FROM favourites WHERE user_id = NEW.user_id AND car_id = NEW.car_id) THEN
        RETURN NEW;
    END IF;
    IF (SELECT count(*) FROM favourites WHERE user_id = NEW.user_id) >= 500 THEN
        RAISE EXCEPTION 'at most 500 favourite cars'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'favourites_at_most_500';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER favourites_at_most_500 BEFORE INSERT ON favourites
    FOR EACH ROW EXECUTE FUNCTION favourites_at_most_500();
