"""Separate hosts on one machine for bench/scaleout_bench.py: network namespaces, each with its own address on a
bridge whose root-namespace address serves PostgreSQL, Redis, the web process and the sandbox.

    root namespace: bridge sob0 10.77.0.1/24  <- veth ->  namespace sob-h1: eth0 10.77.0.11/24
                                              <- veth ->  namespace sob-h2: eth0 10.77.0.12/24 ...

A worker started with `command(i, argv)` sees only its namespace's interfaces: it reaches the shared services over
the bridge exactly as a worker on another machine would over a LAN. Needs root (CAP_NET_ADMIN). `remove()` deletes
everything this module creates, and `create()` first removes what a run killed before its cleanup left behind;
a lock file keeps two runs from sharing the names.
"""
from __future__ import annotations

import fcntl
import subprocess
from pathlib import Path

BRIDGE = "sob0"
NAMESPACE = "sob-h{}"
HOST_VETH = "sob-v{}"
SUBNET = "10.77.0"
ROOT_ADDRESS = f"{SUBNET}.1"
MAX_HOSTS = 8
LOCK_PATH = Path("/tmp/scaleout-bench.lock")


def host_address(index: int) -> str:
    return f"{SUBNET}.{10 + index}"


class HostNetwork:
    def __init__(self, hosts: int):
        if not 1 <= hosts <= MAX_HOSTS:
            raise ValueError(f"between 1 and {MAX_HOSTS} hosts")
        self.hosts = hosts
        self._lock = None

    def create(self) -> None:
        lock = open(LOCK_PATH, "w")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            raise SystemExit(f"another scale-out benchmark holds {LOCK_PATH}") from None
        self._lock = lock
        self._remove_links()  # what a run killed with SIGKILL left behind
        _ip("link", "add", BRIDGE, "type", "bridge")
        _ip("addr", "add", f"{ROOT_ADDRESS}/24", "dev", BRIDGE)
        _ip("link", "set", BRIDGE, "up")
        for index in range(1, self.hosts + 1):
            namespace, outside, inside = NAMESPACE.format(index), HOST_VETH.format(index), f"sob-p{index}"
            _ip("netns", "add", namespace)
            _ip("link", "add", outside, "type", "veth", "peer", "name", inside)
            _ip("link", "set", outside, "master", BRIDGE, "up")
            _ip("link", "set", inside, "netns", namespace)
            _ip("-n", namespace, "link", "set", inside, "name", "eth0")
            _ip("-n", namespace, "addr", "add", f"{host_address(index)}/24", "dev", "eth0")
            _ip("-n", namespace, "link", "set", "eth0", "up")
            _ip("-n", namespace, "link", "set", "lo", "up")

    def command(self, index: int, argv: list[str]) -> list[str]:
        return ["ip", "netns", "exec", NAMESPACE.format(index), *argv]

    def remove(self) -> None:
        """Delete the bridge and the namespaces, unless another run holds them (this one never got the lock)."""
        if self._lock is None:
            return
        self._remove_links()
        self._lock.close()
        self._lock = None

    @staticmethod
    def _remove_links() -> None:
        for index in range(1, MAX_HOSTS + 1):
            _ip("netns", "del", NAMESPACE.format(index), check=False)  # its end of the veth pair goes with it
            _ip("link", "del", HOST_VETH.format(index), check=False)
        _ip("link", "del", BRIDGE, check=False)


def _ip(*arguments: str, check: bool = True) -> None:
    subprocess.run(["ip", *arguments], check=check, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE if check else subprocess.DEVNULL)
