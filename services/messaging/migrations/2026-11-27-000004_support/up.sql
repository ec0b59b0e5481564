-- Support tickets (spec 000 s. 4.8, 7: the help page's service ticket) and the conversation of
-- each between its signed-in creator and support.
CREATE TABLE support_tickets (
    id uuid PRIMARY KEY,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254 AND email LIKE '%_@_%'),
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
    priority text NOT NULL DEFAULT 'high' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
    status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'in_progress', 'resolved', 'closed')),
    -- 'support_team', or the id of the admin handling it.
    assigned_to text NOT NULL DEFAULT 'support_team' CHECK (length(assigned_to) BETWEEN 1 AND 64),
    -- The signed-in creator (null for an anonymous visitor, who is answered by email).
    created_by uuid,
    source text NOT NULL DEFAULT 'support_page' CHECK (length(source) BETWEEN 1 AND 40),
    last_seq bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX support_tickets_list_idx ON support_tickets (created_at DESC, id DESC);
CREATE INDEX support_tickets_status_idx ON support_tickets (status, created_at DESC);
CREATE INDEX support_tickets_creator_idx ON support_tickets (created_by, created_at DESC)
    WHERE created_by IS NOT NULL;

-- The conversation of a ticket, numbered like a chat room's messages.
CREATE TABLE ticket_messages (
    id uuid PRIMARY KEY,
    ticket_id uuid NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    seq bigint NOT NULL CHECK (seq > 0),
    sender_id uuid NOT NULL,
    sender_type text NOT NULL CHECK (sender_type IN ('user', 'support')),
    body text NOT NULL DEFAULT '' CHECK (length(body) <= 4000),
    image_urls text[] NOT NULL DEFAULT '{}' CHECK (cardinality(image_urls) <= 10),
    client_key text CHECK (client_key IS NULL OR length(client_key) BETWEEN 1 AND 100),
    created_at timestamptz NOT NULL,
    CONSTRAINT ticket_messages_not_empty CHECK (body <> '' OR cardinality(image_urls) > 0),
    CONSTRAINT ticket_messages_ticket_seq UNIQUE (ticket_id, seq)
);
CREATE UNIQUE INDEX ticket_messages_client_key_idx ON ticket_messages (ticket_id, sender_id, client_key)
    WHERE client_key IS NOT NULL;

CREATE FUNCTION ticket_messages_take_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE support_tickets SET last_seq = last_seq + 1, updated_at = NEW.created_at
     WHERE id = NEW.ticket_id
    RETURNING last_seq INTO NEW.seq;
    IF NEW.seq IS NULL THEN
        RAISE EXCEPTION 'no ticket %', NEW.ticket_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER ticket_messages_take_seq BEFORE INSERT ON ticket_messages
    FOR EACH ROW EXECUTE FUNCTION ticket_messages_take_seq();
CREATE TRIGGER ticket_messages_immutable BEFORE UPDATE ON ticket_messages
    FOR EACH ROW EXECUTE FUNCTION messages_immutable();

-- Every admin action on support tickets: who, what, on which ticket, when. Append-only.
CREATE TABLE admin_actions (
    id uuid PRIMARY KEY,
    admin_id uuid NOT NULL,
    action text NOT NULL,
    subject_id uuid NOT NULL,
    details jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL
);
CREATE INDEX admin_actions_subject_idx ON admin_actions (subject_id, created_at);
CREATE FUNCTION admin_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the admin log is append-only' USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER admin_actions_append_only BEFORE UPDATE OR DELETE ON admin_actions
    FOR EACH ROW EXECUTE FUNCTION admin_actions_append_only();
