DROP TABLE local_provider_transfers;
DROP TABLE local_provider_accounts;
DROP TABLE local_provider_customers;
DROP INDEX ledger_entries_account_idx;
DROP INDEX payment_holds_due_idx;
DROP TABLE payouts;
DROP TABLE payout_accounts;
DROP TABLE payment_customers;
