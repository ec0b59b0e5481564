# The two commands of the README, plus a few helpers.
.PHONY: dev test bench fmt lint services

dev: ## build and run the whole product; prints its URL, Ctrl-C stops it
	@scripts/dev.sh

test: ## every test of the repo
	@scripts/test.sh

bench: ## load benchmarks against a running stack (see docs/PERFORMANCE.md)
	@scripts/bench.sh

fmt:
	cargo fmt --all

lint: ## clippy with warnings as errors
	cargo clippy --workspace --all-targets -- -D warnings

services: ## start the local Postgres, Redis and RabbitMQ if stopped
	@scripts/ensure-services.sh
