#!/usr/bin/env python3
"""Checks a running stack signs with secrets of its own: an admin token and a file link made
with the test values of the repository's settings files are both refused. Run by the
browser tests' script against its stack (`make dev` makes its secrets the same way)."""
import base64, hashlib, hmac, json, sys, time, tomllib, urllib.error, urllib.request, uuid

base = sys.argv[1].rstrip("/")
with open("services/gateway/config/base.toml", "rb") as f:
    config = tomllib.load(f)
kid = config["jwt"]["active_kid"]
key = next(k["secret"] for k in config["jwt"]["keys"] if k["kid"] == kid).encode()
file_secret = config["files"]["signing_secret"].encode()


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def status(url: str, token: str | None = None) -> int:
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


now = int(time.time())
header = b64(json.dumps({"alg": "HS256", "typ": "JWT", "kid": kid}).encode())
# The demo admin's id does not matter: the signature is refused before the account is asked.
claims = {"sub": str(uuid.uuid4()), "role": "admin", "jti": str(uuid.uuid4()), "iat": now,
          "exp": now + 3600, "iss": config["jwt"]["issuer"], "aud": config["jwt"]["audience"],
          "purpose": "access"}
body = b64(json.dumps(claims).encode())
sig = b64(hmac.new(key, f"{header}.{body}".encode(), hashlib.sha256).digest())
forged = f"{header}.{body}.{sig}"
got = status(f"{base}/v1/admin/cars/pending", forged)
if got != 401:
    sys.exit(f"a token signed with the repository's key was answered {got}, not 401")

exp = now + 600
file_key = "documents/someone/licence-front.jpg"
mac = hmac.new(file_secret, f"get\n{file_key}\n{exp}\n\n0".encode(), hashlib.sha256).digest()
got = status(f"{base}/v1/files/{file_key}?op=get&exp={exp}&ct=&max=0&sig={b64(mac)}")
if got != 403:
    sys.exit(f"a file link signed with the repository's secret was answered {got}, not 403")
print("the stack signs with secrets of its own: a forged token is 401, a forged file link 403")
