"""Start-up time of `machiavelli rules` as a whole process, per language.

Cold: a fresh catalog cache (the .po is compiled with Babel); warm: the
compiled catalog is read with the standard library alone. Prints the median
of several runs; the goal is well under 0.5 s on the project's machines.

    python bench/startup.py [runs]
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def command() -> list[str]:
    script = Path(sys.executable).parent / "machiavelli"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "machiavelli"]


def timed(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    base = command()
    cache = tempfile.mkdtemp(prefix="machiavelli-cache-")
    env = {**os.environ, "MACHIAVELLI_CACHE_DIR": cache}
    try:
        print(f"{'language':8} {'cold s':>8} {'warm s (median of ' + str(runs) + ')':>24}")
        for lang in ("en", "it", "tr", "uk", "ar"):
            shutil.rmtree(cache, ignore_errors=True)
            cold = timed([*base, "--lang", lang, "rules"], env)
            warm = statistics.median(timed([*base, "--lang", lang, "rules"], env) for _ in range(runs))
            print(f"{lang:8} {cold:8.3f} {warm:24.3f}")
        help_time = statistics.median(timed([*base, "--help"], env) for _ in range(runs))
        print(f"{'--help':8} {'':8} {help_time:24.3f}")
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
