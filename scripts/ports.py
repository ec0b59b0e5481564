#!/usr/bin/env python3
"""Ports for a local stack, below the range the kernel hands out for outgoing connections.

  ports.py free N      N distinct free ports, on one line (the browser tests' stack)
  ports.py usual PORT  PORT if it is free or something listens on it (the service will say
                       it is in use, so a second stack never starts beside a running one);
                       a free port otherwise, when an outgoing connection of another program
                       holds it (make dev's usual ports lie inside that range)
"""
import random
import socket
import sys


def bindable(port):
    """As the services bind: every address, SO_REUSEADDR."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind(("0.0.0.0", port))
        return True
    except OSError:
        return False
    finally:
        s.close()


def listened_on(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


def free_ports(n):
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        low = int(f.read().split()[0])
    ports = []
    while len(ports) < n:
        port = random.randint(max(1024, low - 12000), low - 1)
        if port not in ports and bindable(port):
            ports.append(port)
    return ports


def main(args):
    if len(args) == 2 and args[0] == "free":
        print(*free_ports(int(args[1])))
    elif len(args) == 2 and args[0] == "usual":
        usual = int(args[1])
        if bindable(usual) or listened_on(usual):
            print(usual)
        else:
            (port,) = free_ports(1)
            print(f"port {usual} is held by another connection; using {port}", file=sys.stderr)
            print(port)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
