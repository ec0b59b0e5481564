DROP TABLE admin_actions;
DROP FUNCTION admin_actions_append_only();
DROP TABLE ticket_messages;
DROP FUNCTION ticket_messages_take_seq();
DROP TABLE support_tickets;
