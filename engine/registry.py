"""A ruleset's rule registry: each rule the engine judges — its id, its group, what breaking it
costs, which card an annotation names, and its name and explanation in Vietnamese and English.

The one place a rule is written down (issue 21; STYLE.md "Two games, one house"): the game's
judges, the analyzer, the teaching warning, the lessons, the result screen and Học's rule
reference all read it. A rule added with a judge (``Rule.judge``) is judged and shown everywhere
without another file changing; the rules a ruleset judges in its own tables have no judge here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple


class Words(NamedTuple):
    """One text in both languages; ``{name}`` fields are filled by ``fill``."""

    vi: str
    en: str

    def fill(self, **values: object) -> Words:
        """Both texts with their fields filled."""
        return Words(self.vi.format(**values), self.en.format(**values))


class CardRole(StrEnum):
    """Which card an annotation of a rule names."""

    TAKEN = "taken"  # the card taken from a cửa (the eaten or claimed card)
    HAND = "hand"  # the hand card that took it
    PLAYED = "played"  # the card discarded or returned


@dataclass(frozen=True, slots=True)
class Consequence:
    """What breaking a rule costs, said three ways: in the reference table (``short``), in the
    teaching warning before the move (``warning``) and in the lỗi lesson (``lesson``)."""

    id: str
    short: Words
    warning: Words
    lesson: Words


@dataclass(frozen=True, slots=True)
class Group:
    """A group of rules as the reference shows them (``title``)."""

    id: str
    title: Words


# A judge looks at the facts of one move (the ruleset's own record of them) and answers
# None (not broken), True (broken) or the index of the earlier event that set it up.
Judge = Callable[[Any], "int | bool | None"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: a lỗi (``fault``) or another judgement (a claim let pass, a false win)."""

    id: str
    group: str
    name: Words
    explanation: Words  # "{card}" is the card the annotation names
    consequence: str | None = None
    card: CardRole = CardRole.TAKEN
    ref: str = ""  # where the rules file states it: "R7.1"
    fault: bool = True
    tags: frozenset[str] = frozenset()  # ruleset-specific facts about the rule
    acts: frozenset[str] = frozenset()  # the acts ``judge`` looks at
    judge: Judge | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a move is judged: the rule id and one sentence in each language."""

    rule: str
    vi: str
    en: str


class UnknownRule(KeyError):
    """A rule id the registry does not hold."""


class Registry:
    """The rules of one ruleset, in order, with their groups and consequences."""

    def __init__(self, groups: tuple[Group, ...], consequences: tuple[Consequence, ...],
                 rules: tuple[Rule, ...], values: Mapping[str, object] | None = None) -> None:
        self._groups = {g.id: g for g in groups}
        self._consequences = {c.id: c for c in consequences}
        self._rules: dict[str, Rule] = {}
        self._values = dict(values or {})
        self._by_consequence: dict[str | None, frozenset[str]] = {}
        self._judged: dict[str, tuple[Rule, ...]] = {}
        self.has_judges = False  # some rule was registered with its judge (see judged_on)
        for rule in rules:
            self._add(rule)

    # ---------------------------------------------------------------- changing it

    def _add(self, rule: Rule) -> None:
        if rule.group not in self._groups:
            raise ValueError(f"rule {rule.id}: unknown group {rule.group!r}")
        if rule.consequence is not None and rule.consequence not in self._consequences:
            raise ValueError(f"rule {rule.id}: unknown consequence {rule.consequence!r}")
        self._rules[rule.id] = rule
        self._changed()

    def _changed(self) -> None:
        self._by_consequence.clear()
        self._judged.clear()
        self.has_judges = any(r.judge is not None for r in self._rules.values())

    def register(self, rule: Rule) -> None:
        """Add a rule (with its judge): every reader sees it from now on."""
        if rule.id in self._rules:
            raise ValueError(f"rule {rule.id} is already registered")
        self._add(rule)

    def unregister(self, rule_id: str) -> None:
        """Take a registered rule out again."""
        del self._rules[rule_id]
        self._changed()

    # ---------------------------------------------------------------- reading it

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise UnknownRule(rule_id) from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def get(self, rule_id: str) -> Rule | None:
        """The rule, or None."""
        return self._rules.get(rule_id)

    def faults(self) -> list[Rule]:
        """The lỗi, in order."""
        return [r for r in self._rules.values() if r.fault]

    def fault(self, rule_id: str) -> Rule | None:
        """The lỗi ``rule_id``, or None (unknown, or another judgement)."""
        rule = self._rules.get(rule_id)
        return rule if rule is not None and rule.fault else None

    def groups(self) -> list[Group]:
        """The groups that hold lỗi, in the order of their first lỗi."""
        seen: dict[str, Group] = {}
        for rule in self.faults():
            seen.setdefault(rule.group, self._groups[rule.group])
        return list(seen.values())

    def group(self, group: str) -> Group:
        """A group by id."""
        return self._groups[group]

    def in_group(self, group: str) -> list[Rule]:
        """The rules of a group, in order."""
        return [r for r in self._rules.values() if r.group == group]

    def consequence(self, cid: str) -> Consequence:
        """A consequence by id, its texts filled with the ruleset's values."""
        c = self._consequences[cid]
        values = {**self._values, "rules": self.span(cid)}
        return Consequence(c.id, c.short.fill(**values), c.warning.fill(**values),
                           c.lesson.fill(**values))

    def consequences(self) -> list[str]:
        """Every consequence id, in order."""
        return list(self._consequences)

    def with_consequence(self, cid: str | None) -> frozenset[str]:
        """The ids of every rule with that consequence."""
        found = self._by_consequence.get(cid)
        if found is None:
            found = frozenset(r.id for r in self._rules.values() if r.consequence == cid)
            self._by_consequence[cid] = found
        return found

    def consequence_of(self, rule_id: str) -> str | None:
        """What breaking ``rule_id`` costs (None for an unknown id)."""
        rule = self._rules.get(rule_id)
        return None if rule is None else rule.consequence

    def tagged(self, rule_id: str, tag: str) -> bool:
        """Whether the rule carries ``tag``."""
        rule = self._rules.get(rule_id)
        return rule is not None and tag in rule.tags

    def judged_on(self, act: str) -> tuple[Rule, ...]:
        """The registered rules whose judge looks at ``act`` (usually none)."""
        found = self._judged.get(act)
        if found is None:
            found = tuple(r for r in self._rules.values()
                          if r.judge is not None and act in r.acts)
            self._judged[act] = found
        return found

    def span(self, cid: str) -> str:
        """The ids with a consequence as people write them: ``L6–L17``, or a list."""
        ids = [r.id for r in self._rules.values() if r.consequence == cid]
        if len(ids) > 2:
            return f"{ids[0]}–{ids[-1]}"
        return ", ".join(ids)

    def key(self, rule_id: str) -> tuple[int, str]:
        """A sort key: the lỗi in the registry's order, then every other judgement by id."""
        rule = self._rules.get(rule_id)
        if rule is not None and rule.fault:
            return (list(self._rules).index(rule_id), "")
        return (1_000_000, rule_id)

    def value(self, name: str) -> object:
        """One of the values the texts are filled with (``penalty``)."""
        return self._values[name]

    # ---------------------------------------------------------------- words

    def name(self, rule_id: str) -> Words:
        """The rule's name (its id for an unknown rule)."""
        rule = self._rules.get(rule_id)
        return Words(rule_id, rule_id) if rule is None else rule.name

    def explanation(self, rule_id: str, card: str = "") -> Explanation:
        """The rule's sentence about ``card``, in both languages."""
        text = self[rule_id].explanation.fill(card=card, **self._values)
        return Explanation(rule_id, text.vi, text.en)
