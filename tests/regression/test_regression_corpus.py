"""Chắn's behaviour is byte-identical to the corpus recorded before the ruleset seam (issue
21): every session, analysis, database verb, AI decision and drill of tests/regression/corpus.py
is made again with the current code and compared with data/ byte for byte."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from corpus import (
    DATA,
    database_items,
    decision_items,
    drill_items,
    drill_specs,
    read_lines,
    selfplay_items,
    session_items,
    session_specs,
)


def _readable(value: Any) -> list[str]:
    """Lines to compare: a JSON document printed on one line is laid out, one key a line."""
    if isinstance(value, dict):
        return [line for k, v in value.items() for line in [f"[{k}]", *_readable(v)]]
    if isinstance(value, list):
        return [str(v) for v in value]
    lines: list[str] = []
    for line in str(value).splitlines():
        if line.startswith("{") and len(line) > 200:
            try:
                lines.extend(json.dumps(json.loads(line), indent=1,
                                        ensure_ascii=False).splitlines())
                continue
            except ValueError:
                pass
        lines.append(line)
    return lines


def _differences(expected: dict[str, Any], made: Iterable[tuple[str, Any]]) -> list[str]:
    """A short unified diff for each item that differs (and for items missing or new)."""
    out: list[str] = []
    seen: set[str] = set()
    for key, value in made:
        seen.add(key)
        want = expected.get(key)
        if want == value:
            continue
        if want is None:
            out.append(f"{key}: not in the corpus")
            continue
        diff = list(difflib.unified_diff(_readable(want), _readable(value), "corpus", "now",
                                         n=2, lineterm=""))
        out.append(f"{key}:\n" + "\n".join(line[:300] for line in diff[:30]))
    return out + [f"{key}: in the corpus, not made" for key in expected if key not in seen]


def _same(expected: dict[str, Any], made: Iterable[tuple[str, Any]]) -> None:
    """Fail with the differences (at most five items shown)."""
    found = _differences(expected, made)
    if found:
        pytest.fail(f"{len(found)} item(s) differ from the corpus:\n" + "\n".join(found[:5]),
                    pytrace=False)


KINDS = ("selfplay", "strong", "chaos", "mode", "damaged")


@pytest.mark.parametrize("kind", KINDS)
def test_sessions_and_their_analysis_are_unchanged(kind: str, tmp_path: Path) -> None:
    expected = read_lines(DATA / "sessions.jsonl.gz")
    specs = [s for s in session_specs() if s.kind == kind or (kind == "strong" and
                                                               s.name.startswith("strong"))]
    if kind == "selfplay":
        specs = [s for s in specs if not s.name.startswith("strong")]
    wanted = {s.name: expected[s.name] for s in specs}
    _same(wanted, session_items(tmp_path, specs))


def test_the_corpus_holds_300_sessions_full_of_judgements() -> None:
    """What the corpus covers (so a rebuild cannot quietly shrink it)."""
    expected = read_lines(DATA / "sessions.jsonl.gz")
    assert len(expected) >= 300
    kinds: set[str] = set()
    rules: set[str] = set()
    for item in expected.values():
        out = item["analyze_json"]
        if not out.startswith("exit 0"):
            continue
        doc = json.loads(out.split("--- stdout\n", 1)[1].split("--- stderr\n", 1)[0])
        for game in doc["games"]:
            kinds.update(a["kind"] for a in game["annotations"])
            rules.update(a["rule"] for a in game["annotations"] if a["kind"] == "violation")
    assert {"violation", "bao", "missed_u", "missed_chiu", "u_lao", "u_bao", "nghi_an_tien",
            "bo_u", "call_wrong", "call_missing", "call_order", "bach_thu_not_called",
            "note_waits", "note_fed_next", "note_broke_wait"} <= kinds
    assert rules == {f"L{i}" for i in range(1, 18)}  # L0 (trái vỉ) cannot happen in play


def test_database_verbs_are_unchanged(tmp_path: Path) -> None:
    _same(read_lines(DATA / "database.jsonl.gz"), database_items(tmp_path))


def test_selfplay_verb_is_unchanged(tmp_path: Path) -> None:
    _same(read_lines(DATA / "selfplay.jsonl.gz"), selfplay_items(tmp_path))


def test_ai_decisions_reasons_and_values_are_unchanged() -> None:
    _same(read_lines(DATA / "decisions.jsonl.gz"), decision_items())


@pytest.mark.parametrize("family", sorted({s.family for s in drill_specs()}))
def test_drills_are_unchanged(family: str) -> None:
    expected = read_lines(DATA / "drills.jsonl.gz")
    wanted = {k: v for k, v in expected.items() if k.split()[1] == family}
    made = drill_items(family)
    _same(wanted, made)
