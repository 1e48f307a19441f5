"""Start-up time of the ``machiavelli`` command as a whole process.

Two tables:

* ``machiavelli rules`` per language, cold (a fresh catalog cache: the .po
  is compiled with Babel) and warm (the compiled catalog is read with the
  standard library alone), and ``--help``;
* side by side with a baseline, the price of the libraries every command
  needs (``python -c "import typer, yaml; from pydantic import BaseModel"``):
  ``--help`` and ``meld check`` should start in at most 1.5 times the
  baseline's time on the same machine.

With ``--instructions`` it counts instead the instructions each case runs
(valgrind's callgrind, total Ir), one run each after a warm-up: a figure
that a loaded machine does not disturb, as wall and CPU times are. Without
valgrind on the path it says so and stops.

The cache folder is a fresh one, filled by a first run of each case (the
compiled catalog, the resolved shipped variant): the figures are those of
a warm start, as a user's second command has.

Each time is the median of several runs, each in a fresh process; in the
second table the commands take turns, so that a machine that slows down
during the run slows them all alike. A one-option Typer app is timed beside
them for reference: Typer converts options with pydantic, which costs such an
app a good part of the allowance before Machiavelli does anything. The
processes may write bytecode caches (PYTHONDONTWRITEBYTECODE is dropped for
them), as an installed package has them. It prints figures and never fails.

    python bench/startup.py [runs]
    python bench/startup.py --instructions
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The goal: each command at most this many times the baseline.
GOAL_RATIO = 1.5
BASELINE = [sys.executable, "-c", "import typer, yaml; from pydantic import BaseModel"]
#: A Typer app with one command and one option, run: what any such program pays.
TYPER_APP = [sys.executable, "-c", "import typer, yaml; from pydantic import BaseModel\n"
             "app = typer.Typer(add_completion=False)\n"
             "@app.callback()\ndef main(lang: str = 'en') -> None: pass\n"
             "@app.command()\ndef check(cards: list[str]) -> None: print(cards)\n"
             "app(['check', '5C', '6C', '7C'])"]


def command() -> list[str]:
    script = Path(sys.executable).parent / "machiavelli"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "machiavelli"]


def _children_cpu() -> float:
    try:
        import resource
    except ImportError:  # not on Windows: no CPU column there
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_both(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of ``args``."""
    cpu, start = _children_cpu(), time.perf_counter()
    # Exit status 1 is an answer (meld check: not a meld), not a failure.
    subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start, _children_cpu() - cpu


def timed(args: list[str], env: dict[str, str]) -> float:
    return timed_both(args, env)[0]


def side_by_side(cases: dict[str, list[str]], env: dict[str, str], runs: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU time of each case; the cases take turns, one run each."""
    for args in cases.values():  # warm the file cache and the catalog cache
        timed(args, env)
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in cases}
    for _ in range(runs):
        for label, args in cases.items():
            times[label].append(timed_both(args, env))
    return {label: (statistics.median(w for w, _ in values), statistics.median(c for _, c in values))
            for label, values in times.items()}


def rules_per_language(base: list[str], cache: str, env: dict[str, str], runs: int) -> None:
    print(f"{'language':8} {'cold s':>8} {'warm s (median of ' + str(runs) + ')':>24}")
    for lang in ("en", "it", "tr", "uk", "ar"):
        shutil.rmtree(cache, ignore_errors=True)
        cold = timed([*base, "--lang", lang, "rules"], env)
        warm = statistics.median(timed([*base, "--lang", lang, "rules"], env) for _ in range(runs))
        print(f"{lang:8} {cold:8.3f} {warm:24.3f}")


def _cases(base: list[str]) -> dict[str, list[str]]:
    return {
        "baseline: import typer, yaml, pydantic": BASELINE,
        "(reference: a one-option Typer app)": TYPER_APP,
        "machiavelli --help": [*base, "--help"],
        "machiavelli meld check 5C 6C 7C": [*base, "meld", "check", "5C", "6C", "7C"],
        "meld check --variant bga --json": [*base, "meld", "check", "5C", "6C", "7C", "--variant", "bga", "--json"],
    }


def _goal_mark(label: str, ratio: float) -> str:
    if not label.startswith("machiavelli") and not label.startswith("meld"):
        return ""
    return "  ok" if ratio <= GOAL_RATIO else "  over the goal"


def against_baseline(base: list[str], env: dict[str, str], runs: int) -> None:
    cases = _cases(base)
    medians = side_by_side(cases, env, runs)
    baseline, baseline_cpu = medians["baseline: import typer, yaml, pydantic"]
    width = max(map(len, cases))
    # CPU time beside the wall time: on a busy machine the wall time also
    # counts the waits for a processor, the CPU time much less so.
    print(f"\n{'side by side (median of ' + str(runs) + ')':{width}} {'s':>7} {'x baseline':>11}"
          f" {'CPU s':>7} {'x baseline':>11}")
    for label, (median, cpu) in medians.items():
        ratio = median / baseline if baseline else float("nan")
        cpu_ratio = cpu / baseline_cpu if baseline_cpu else float("nan")
        print(f"{label:{width}} {median:7.3f} {ratio:11.2f} {cpu:7.3f} {cpu_ratio:11.2f}{_goal_mark(label, ratio)}")
    print(f"{'goal':{width}} {baseline * GOAL_RATIO:7.3f} {GOAL_RATIO:11.2f}")


_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(args: list[str], env: dict[str, str]) -> int | None:
    """Instructions (callgrind's total Ir) of one run of ``args``; None
    when valgrind reports no count."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    found = _COLLECTED.search(done.stderr)
    return int(found.group(1)) if found else None


def instructions_against_baseline(base: list[str], env: dict[str, str]) -> None:
    if shutil.which("valgrind") is None:
        print("valgrind is not on the path: no instruction counts (install valgrind, or time without --instructions)")
        return
    # Valgrind runs a program, not a script through its #! line: the script under this interpreter.
    base = [sys.executable, *base] if len(base) == 1 else base
    cases = _cases(base)
    for args in cases.values():  # warm the file cache, the bytecode, the catalogs and the resolved variants
        timed(args, env)
    counts = {label: instructions(args, env) for label, args in cases.items()}
    baseline = counts["baseline: import typer, yaml, pydantic"]
    width = max(map(len, cases))
    print(f"{'instructions (callgrind Ir, one run)':{width}} {'Ir':>14} {'x baseline':>11}")
    for label, count in counts.items():
        if count is None or not baseline:
            print(f"{label:{width}} {'no count':>14}")
            continue
        ratio = count / baseline
        print(f"{label:{width}} {count:14,} {ratio:11.2f}{_goal_mark(label, ratio)}")
    if baseline:
        print(f"{'goal':{width}} {int(baseline * GOAL_RATIO):14,} {GOAL_RATIO:11.2f}")


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--instructions"]
    runs = int(args[0]) if args else 7
    base = command()
    cache = tempfile.mkdtemp(prefix="machiavelli-cache-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["MACHIAVELLI_CACHE_DIR"] = cache
    try:
        if "--instructions" in sys.argv[1:]:
            instructions_against_baseline(base, env)
            return
        rules_per_language(base, cache, env, runs)
        help_time = statistics.median(timed([*base, "--help"], env) for _ in range(runs))
        print(f"{'--help':8} {'':8} {help_time:24.3f}")
        against_baseline(base, env, max(runs, 11))
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
