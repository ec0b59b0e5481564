DROP TABLE processed_events, outbox;
