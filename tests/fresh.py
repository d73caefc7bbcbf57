"""Run a script in a fresh Python interpreter: what the test session imported does not count,
and a script that hangs is stopped."""

from __future__ import annotations

import subprocess
import sys


def printed_by(script: str, timeout: float = 60) -> str:
    """What ``script`` prints, run in a fresh interpreter; it must end without an error."""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
