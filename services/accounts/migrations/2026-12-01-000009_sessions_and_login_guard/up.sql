-- A password change or reset ends the account's other sessions: tokens of sessions begun
-- before `sessions_from` are refused, but those of `kept_session` (the session that changed
-- the password from the profile). One row per account (users and captains alike).
CREATE TABLE session_cuts (
    account_id uuid PRIMARY KEY,
    sessions_from timestamptz NOT NULL,
    kept_session text,
    updated_at timestamptz NOT NULL
);

-- Wrong passwords in a row per account (a guess spread over many addresses still counts):
-- past the policy's number, the account's password sign-in waits until `locked_until`, each
-- further failure doubling the wait; a sign-in by one-time code or a password reset ends it.
-- Attempts lock the row, so parallel guesses are counted one by one.
CREATE TABLE login_guard (
    account_id uuid PRIMARY KEY,
    failures integer NOT NULL CHECK (failures >= 0),
    last_failure_at timestamptz NOT NULL,
    locked_until timestamptz
);
