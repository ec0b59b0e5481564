-- The exclusion list (terms, spec 002): an admin suspends a user with a reason and may reinstate
-- them. A suspended user cannot sign in and their tokens are refused; `version` orders the
-- events other services read the standing from. No row: in good standing.
CREATE TABLE account_standing (
    user_id uuid PRIMARY KEY REFERENCES users (id),
    suspended_at timestamptz,
    suspension_reason text,
    version bigint NOT NULL CHECK (version > 0),
    CHECK ((suspended_at IS NULL) = (suspension_reason IS NULL))
);

-- Every admin action on an account, kept as written: rows are only ever added.
CREATE TABLE account_actions (
    id uuid PRIMARY KEY,
    admin_id uuid NOT NULL REFERENCES users (id),
    user_id uuid NOT NULL REFERENCES users (id),
    action text NOT NULL CHECK (action IN ('suspend', 'reinstate')),
    reason text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 1000),
    at timestamptz NOT NULL
);
CREATE INDEX account_actions_user_idx ON account_actions (user_id, at DESC);

CREATE FUNCTION account_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'account actions are append-only';
END $$;
CREATE TRIGGER account_actions_append_only BEFORE UPDATE OR DELETE ON account_actions
    FOR EACH ROW EXECUTE FUNCTION account_actions_append_only();

-- A change of standing and its action are one change: the standing must match the account's
-- newest action, each change takes a new version, and admins are never suspended.
CREATE FUNCTION account_standing_logged() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    last text;
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'a standing is changed, never deleted';
    END IF;
    IF NEW.suspended_at IS NOT NULL AND (SELECT role FROM users WHERE id = NEW.user_id) = 'admin' THEN
        RAISE EXCEPTION 'admins are not suspended';
    END IF;
    SELECT action INTO last FROM account_actions WHERE user_id = NEW.user_id ORDER BY id DESC LIMIT 1;
    IF last IS DISTINCT FROM (CASE WHEN NEW.suspended_at IS NULL THEN 'reinstate' ELSE 'suspend' END) THEN
        RAISE EXCEPTION 'a change of standing needs its admin action';
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.version <= OLD.version THEN
        RAISE EXCEPTION 'a change of standing takes a new version';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER account_standing_logged BEFORE INSERT OR UPDATE OR DELETE ON account_standing
    FOR EACH ROW EXECUTE FUNCTION account_standing_logged();
