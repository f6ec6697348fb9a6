"""Write docs/totom-test-map.md: every rule id of TOTOM.md and the tests that cite it.

    .venv/bin/python tools/totom_test_map.py            # write the map
    .venv/bin/python tools/totom_test_map.py --check    # exit 1 if the map is out of date

A test cites an id by its name (``test_td5_…``, ``test_t4_13_…``: STYLE "tests cite rules") or
its docstring; a làng option (T9) by its name or by setting it (``noc_stop=…``); a claim
priority of T4.4 by a name such as ``test_t4_4_u_comes_before_phong…``. The ids are read from
TOTOM.md itself, so a new rule shows up here with no test until one cites it.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = Path("/work/shared/TOTOM.md")
OUT = ROOT / "docs" / "totom-test-map.md"
TESTS = [*sorted((ROOT / "tests" / "totom").glob("test_*.py")),
         *sorted((ROOT / "tests" / "replays").glob("test_tom_*.py"))]

ID = re.compile(r"\b(T\d+(?:\.\d+)?|TN\d+|TD\d+|TC\d+|SP\d)\b")
# T4.4's priorities, as a test name says them: "<first>_comes_before_<second>".
CLAIMS = {("u", "day_khan"): "ù > dậy khàn", ("u", "phong"): "ù > phỗng",
          ("u", "eat"): "ù > the entitled player's eat",
          ("day_khan", "eat"): "dậy khàn > the entitled player's eat",
          ("phong", "eat"): "phỗng > the entitled player's eat",
          ("u", "u"): "ù against ù: play order from the entitled player"}
# Ids with nothing for a test to check, as TOTOM.md itself says.
NOT_RULES = {"T0": "the sources", "T1.7": "the poems: lesson material, not rules",
             "T3.1": "a definition, made of T3.2–T3.5",
             "T8.7": "informational: no effect on the engine"}
# Ids that are a table of other ids: covered when every row is.
TABLES = {"T3.4": "SP", "T6.2": "TN", "T6.3": "TD", "T7.2": "TC"}
OPTION_ROW = re.compile(r"\| `(\w+)` \| ([^|]*)\| ([^|]*)\| ([^|]*)\|")
CLAIM_NAME = re.compile(r"(u|day_khan|phong)_(?:comes?|wins?)_before_(?:\w*?)(u|day_khan|phong|eat)"
                        r"(?:_|$)")


def spec_ids(text: str) -> dict[str, list[tuple[str, str]]]:
    """The ids of TOTOM.md by group, each with its first words."""
    groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
    section = ""
    for line in text.splitlines():
        if m := re.match(r"## (T\d+)\. (.*)", line):
            groups["T"].append((m[1], m[2]))
            section = m[1]
        elif m := re.match(r"(T\d+\.\d+) (.*)", line):
            groups["T"].append((m[1], _words(m[2])))
        elif m := re.match(r"\| (SP\d|TC\d|TN\d|TD\d+) \| ([^|]*)\|(?: ([^|]*)\|)?", line):
            what = m[2].strip() if m[1].startswith("T") else m[2].strip() + " " + (m[3] or "")
            groups[m[1][:2]].append((m[1], _words(what)))
        elif section == "T9" and (m := OPTION_ROW.match(line)):
            groups["option"].append((m[1], f"{m[2].strip()}; default {m[3].strip()} "
                                           f"({m[4].strip()})"))
    return groups


def _words(text: str) -> str:
    """The first words of a rule, without the markup."""
    text = re.sub(r"[*`]", "", text).strip()
    return text[:70] + ("…" if len(text) > 70 else "")


def name_ids(name: str) -> set[str]:
    """The ids a test's name cites: ``t4_13`` is T4.13, ``td5`` TD5, ``tc5_tc6`` both."""
    found: set[str] = set()
    for m in re.finditer(r"(?:^|_)(t|tn|td|tc|sp)(\d+)(?:_(\d+))?(?=_|$)", name[len("test"):]):
        kind, major, minor = m[1], m[2], m[3]
        if kind == "t":
            found.add(f"T{major}.{minor}" if minor else f"T{major}")
        else:
            found.add(f"{kind.upper()}{major}")
    return found


def tests_of(path: Path) -> list[tuple[str, str, str]]:
    """Each test function of a file: (name, docstring and the ids its parameters name,
    source)."""
    text = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            params = " ".join(ast.get_source_segment(text, d) or "" for d in node.decorator_list
                              if "parametrize" in (ast.get_source_segment(text, d) or ""))
            found.append((node.name, (ast.get_docstring(node) or "") + " " + params,
                          ast.get_source_segment(text, node) or ""))
    return found


def cited(options: list[str]) -> dict[str, list[str]]:
    """Each id (and option, and claim priority) → the tests that cite it."""
    out: dict[str, list[str]] = defaultdict(list)
    for path in TESTS:
        rel = path.relative_to(ROOT / "tests")
        for name, doc, source in tests_of(path):
            label = f"`{rel}::{name}`"
            for rule in sorted(name_ids(name) | set(ID.findall(doc))):
                out[rule].append(label)
            for option in options:
                if option in name or re.search(rf"(?:TomRules|replace)\([^)]*\b{option}=", source):
                    out[option].append(label)
            for m in CLAIM_NAME.finditer(name):
                if (m[1], m[2]) in CLAIMS:
                    out[CLAIMS[(m[1], m[2])]].append(label)
            if "winners_in_play_order" in name:
                out[CLAIMS[("u", "u")]].append(label)
    return out


def render() -> str:
    """The map, as Markdown."""
    groups = spec_ids(SPEC.read_text(encoding="utf-8"))
    options = [o for o, _ in groups["option"]]
    found = cited(options)
    lines = ["# Tổ tôm: rule ids → tests", "",
             "Written by `tools/totom_test_map.py` from `TOTOM.md` and the tests of "
             "`tests/totom/` and `tests/replays/test_tom_*.py` (a test cites an id by its name "
             "or docstring; an option by its name or by setting it). Do not edit by hand.", ""]
    titles = [("T", "Rules (T…)"), ("SP", "Special phu (T3.4)"), ("TN", "Unpaid causes (T6.2)"),
              ("TD", "Chèo đò causes (T6.3)"), ("TC", "Cước (T7.2)"),
              ("option", "Làng options (T9)")]
    missing: list[str] = []
    sections = {rule for rule, _ in groups["T"] if "." not in rule}
    for key, title in titles:
        lines += [f"## {title}", "", "| id | what | tests |", "|---|---|---|"]
        for rule, what in groups[key]:
            tests = found.get(rule, [])
            if tests:
                cell = "<br>".join(tests)
            elif rule in NOT_RULES:
                cell = f"— ({NOT_RULES[rule]})"
            elif rule in TABLES:
                rows = [r for r, _ in groups[TABLES[rule]]]
                cell = f"— (its rows: {rows[0]}–{rows[-1]} below)"
                if not all(found.get(r) for r in rows):
                    missing.append(rule)
            elif rule in sections:
                cell = "— (a section: its rules below)"
            else:
                cell = "**none**"
                missing.append(rule)
            lines.append(f"| {rule} | {what.replace('|', '/')} | {cell} |")
        lines.append("")
    lines += ["## Claim priorities (T4.4)", "", "| priority | tests |", "|---|---|"]
    for claim in CLAIMS.values():
        tests = found.get(claim, [])
        if not tests:
            missing.append(claim)
        lines.append(f"| {claim} | {'<br>'.join(tests) if tests else '**none**'} |")
    lines += ["", "## Cited by no test", "",
              ", ".join(missing) if missing else "Every id is cited by at least one test.", ""]
    return "\n".join(lines)


def main() -> int:
    """Write the map, or with --check say whether it is up to date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the map is stale")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is out of date: run tools/totom_test_map.py",
                  file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
