#!/usr/bin/env bash
# Schemathesis over the API document a running gateway serves (`/v1/openapi.json`), as a
# signed-in user made for the run: every operation gets the document's examples, the
# boundary values of its schemas (coverage phase) and generated inputs, valid and not (fuzzing
# phase), and the run fails on any answer 5xx (check `not_a_server_error`). Bounded in
# `make test` (a few cases per operation, after the browser tests, on their stack); long with
# `make fuzz`.
#
#   scripts/fuzz-api.sh BASE_URL
#   FUZZ_EXAMPLES   cases per operation in the fuzzing phase (default 10)
#   FUZZ_SECONDS    time budget of the whole run (default: none)
#   FUZZ_SEED       seed, to replay a run (default: a new one, printed)
#
# Left out: the two sign-out calls (they end the session the run uses), and on a stack with no
# Google client id the Google sign-in calls (they answer 503 `google_not_configured` there, as
# documented). Everything else is called, the admin and development calls included (the user
# is no admin: they must refuse).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE="${1:?usage: scripts/fuzz-api.sh BASE_URL}"
VENV="${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv"
"$ROOT/scripts/ensure-tools.sh" >/dev/null

# A user of its own: signed up with the demo invitation code, so signed in at once.
email="fuzz-$(date +%s)-$RANDOM@example.com"
token="$(curl -sf -X POST "$BASE/v1/users/sign-up" -H 'content-type: application/json' -d "{
    \"firstName\": \"Fuzz\", \"lastName\": \"Tester\", \"email\": \"$email\",
    \"password\": \"FuzzTester123!\", \"signUpCode\": \"DEMO-INVITE\", \"termsAccepted\": true,
    \"phoneNumber\": \"\", \"countryCode\": \"+1\", \"professionalEmail\": \"\",
    \"promotions_enrollment\": false}" |
    "$VENV/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')"

SEED="${FUZZ_SEED:-$RANDOM$RANDOM}"
REPORT_DIR="$(mktemp -d)"
trap 'rm -rf "$REPORT_DIR"' EXIT
args=(
    "$BASE/v1/openapi.json" --url "$BASE"
    -H "Authorization: Bearer $token"
    --checks not_a_server_error
    --phases examples,coverage,fuzzing
    --max-examples "${FUZZ_EXAMPLES:-10}"
    --seed "$SEED"
    --workers 2
    --request-timeout 15
    --exclude-path /v1/logout --exclude-path /v1/users/logout
    --suppress-health-check all
    --warnings off
    --generation-database none
    --report junit --report-junit-path "$REPORT_DIR/junit.xml"
)
google="$(curl -s -o /dev/null -w '%{http_code}' "$BASE/v1/users/auth/google")"
if [ "$google" = 503 ]; then
    echo "Google sign-in is not configured on this stack: its two calls are left out"
    args+=(--exclude-path-regex '^/v1/users/auth/google')
fi
[ -n "${FUZZ_SECONDS:-}" ] && args+=(--max-time "$FUZZ_SECONDS")
echo "== API fuzzing: schemathesis, seed $SEED, ${FUZZ_EXAMPLES:-10} cases per operation"
set +e
# (From the report folder: schemathesis keeps its replay files in the working directory.)
(cd "$REPORT_DIR" && "$VENV/bin/schemathesis" --no-color run "${args[@]}")
status=$?
set -e
# The totals, for the notes: cases sent and how many failed.
"$VENV/bin/python" - "$REPORT_DIR"/junit.xml <<'EOF' || true
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suites = [root] if root.tag == "testsuite" else list(root)
ops = sum(int(s.get("tests", 0)) for s in suites)
failed = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
print(f"API fuzzing: {ops} operations, {failed} with failures")
EOF
exit "$status"
