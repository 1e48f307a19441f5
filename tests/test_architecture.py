"""The architecture as checked facts: the import-linter contracts in
pyproject.toml (kernel, games and application point one way), no import
cycles, one installed package, and no module reaching for the old top-level
names."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import grimp
import pytest

from suite_paths import ROOT



def test_the_import_contracts_hold():
    result = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command; "
                             "lint_imports_command()"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "0 broken" in result.stdout


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(module: str) -> None:
        index[module] = low[module] = counter[0]
        counter[0] += 1
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_cycles():
    # Imports made for type checking only never run: they make no cycle.
    graph = grimp.build_graph("machiavelli", exclude_type_checking_imports=True)
    # A package's __init__ may import its own submodules (a public API):
    # that is not a cycle between the modules themselves.
    for module in list(graph.modules):
        for other in graph.find_modules_directly_imported_by(module):
            if module.startswith(other + "."):
                graph.remove_import(importer=module, imported=other)
    assert _cycles(graph) == []


@pytest.mark.parametrize("folder", ["core", "games", "app"])
def test_no_module_imports_the_old_top_level_names(folder):
    old = re.compile(r"^\s*(from|import)\s+(core|cli|machiavelli_app|games|app)\b", re.M)
    offenders = [str(p.relative_to(ROOT)) for p in sorted((ROOT / folder).rglob("*.py")) if old.search(p.read_text())]
    offenders += [str(p) for p in [ROOT / "cli.py"] if old.search(p.read_text())]
    assert offenders == []


def test_a_plain_install_puts_one_package_in_site_packages(tmp_path):
    # A copy, so that the build leaves nothing in the checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "tests", "bench"))
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--target", str(target), str(source)], check=True, capture_output=True, timeout=600)
    ours = sorted(p.name for p in target.iterdir() if p.name != "bin")
    assert ours == ["machiavelli", "machiavelli_variants-0.2.0.dist-info"]
    package = target / "machiavelli"
    assert {"core", "games", "app", "variants", "locales", "cli.py"} <= {p.name for p in package.iterdir()}
    assert not (target / "core").exists() and not (target / "cli.py").exists()
    assert (package / "variants" / "bga.yaml").is_file()
    assert (package / "locales" / "it" / "LC_MESSAGES" / "messages.po").is_file()


def test_the_kernel_the_games_and_the_application_are_typed(tmp_path):
    """mypy, strict on machiavelli.core, the games and the application, no
    module excused from it, over the checkout seen through a folder named
    like the package."""
    import tomllib

    overrides = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["overrides"]
    assert not [o["module"] for o in overrides if o.get("ignore_errors")]
    (tmp_path / "machiavelli").symlink_to(ROOT, target_is_directory=True)
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                             "--cache-dir", str(tmp_path / "cache"), "-p", "machiavelli.core",
                             "-p", "machiavelli.games", "-p", "machiavelli.app"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
