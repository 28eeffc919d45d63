"""The allocator the pegsim CLI is linked with, for benchmarks that compare it with Python.

The CLI links tcmalloc (cmake/tcmalloc.cmake); a Python process keeps the interpreter's malloc. A
comparison of the two measures the allocators unless the Python side gets the same one, preloaded.
"""

import os
import re
import subprocess
import sys


def cli_allocator(cli):
    """Path of the tcmalloc the CLI at `cli` is linked with, or None."""
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}  # ldd lists a preload without "=>"
    out = subprocess.run(["ldd", cli], capture_output=True, text=True, check=True, env=env).stdout
    match = re.search(r"libtcmalloc\S*\s*=>\s*(\S+)", out)
    return match.group(1) if match else None


def this_process_has(library):
    with open("/proc/self/maps") as maps:
        return os.path.basename(library) in maps.read()


def reexec_with(library):
    """Restarts this script with `library` preloaded, unless it already is (then returns)."""
    if library is None or this_process_has(library):
        return
    env = dict(os.environ, LD_PRELOAD=library)
    os.execve(sys.executable, [sys.executable] + sys.argv, env)
