# The two commands of the README, plus a few helpers.
.PHONY: dev test bench fuzz fmt lint services images compose-up compose-down test-compose

dev: ## build and run the whole product; prints its URL, Ctrl-C stops it
	@scripts/dev.sh

test: ## every test of the repo
	@scripts/test.sh

bench: ## load benchmarks against a running stack (see docs/PERFORMANCE.md)
	@scripts/bench.sh

fuzz: ## API fuzzing (schemathesis) at length on a stack of its own: FUZZ_EXAMPLES, FUZZ_SECONDS
	@CARGO_TARGET_DIR=$${CARGO_TARGET_DIR:-$$HOME/.cache/upcar-target} cargo build -p accounts -p pricing -p catalog-search -p messaging -p captains -p trips -p hosting-teams -p activity -p gateway && FUZZ_ONLY=1 FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-200} scripts/test-web.sh

fmt:
	cargo fmt --all

lint: ## clippy with warnings as errors
	cargo clippy --workspace --all-targets -- -D warnings

services: ## start the local Postgres, Redis and RabbitMQ if stopped
	@scripts/ensure-services.sh

images: ## the product's images (deploy/Dockerfile, deploy/images/); made from Debian's packages where no registry answers
	@scripts/images.sh

compose-up: ## the product from its images under docker compose: two replicas of everything behind HAProxy, http://127.0.0.1:8080
	@scripts/compose.sh up

compose-down: ## stops the compose stack (COMPOSE_VOLUMES=1 drops its data and secrets too)
	@scripts/compose.sh down

test-compose: ## the images, a compose stack of its own, the smoke and end-to-end runs through the load balancer
	@scripts/test-compose.sh
