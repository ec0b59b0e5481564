DROP TABLE local_provider_setups;
DROP TABLE local_provider_authorizations;
DROP TABLE payment_log;
DROP FUNCTION payment_log_append_only();
DROP INDEX payment_holds_plan_idx;
ALTER TABLE payment_holds DROP COLUMN attempts, DROP COLUMN pay_by, DROP COLUMN failure,
    DROP COLUMN lapses_at, DROP COLUMN charge_at;
ALTER TABLE payment_holds DROP CONSTRAINT payment_holds_status_check;
UPDATE payment_holds SET status = 'released' WHERE status IN ('scheduled', 'failed');
ALTER TABLE payment_holds ADD CONSTRAINT payment_holds_status_check CHECK (status IN
    ('authorized', 'captured', 'released', 'refunded', 'partially_refunded'));
