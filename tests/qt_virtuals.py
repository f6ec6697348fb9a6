"""The names of the C++ virtual functions of a PySide6 class, read from Qt itself.

Qt calls back into Python only through a virtual function, and nothing in PySide6's Python
surface says which methods are virtual. The C++ libraries do: a class's vtable (``_ZTV…``
in the ELF library that holds the class) lists one entry per virtual function, each a
relocation to the function it calls, whose exported symbol names it. A pure virtual has no
function (``__cxa_pure_virtual``); its name is in PySide6's binding instead, which keeps
"Class.method" for the error it raises when a Python subclass leaves one out.

Every slot of the vtable must be named, and the pure ones counted exactly, or the lookup
fails: a name left out would let an override go unchecked (tests/desktop/test_overrides.py).
"""

from __future__ import annotations

import mmap
import re
import struct
import sys
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import PySide6

QT_LIB = Path(PySide6.__file__).parent / "Qt" / "lib"
BINDINGS = Path(PySide6.__file__).parent

SHT_RELA, SHT_DYNSYM = 4, 11
STT_FUNC = 2
# (absolute, relative) relocation types: x86-64 and AArch64
ABSOLUTE = {1, 257}
RELATIVE = {8, 1027}
PURE = "__cxa_pure_virtual"

# Itanium C++ ABI operator names a Python override can take
OPERATORS = {"lt": "__lt__", "gt": "__gt__", "le": "__le__", "ge": "__ge__", "eq": "__eq__",
             "ne": "__ne__"}


class UnreadableVtable(Exception):
    """A vtable this module cannot name every entry of (the check must not pass then)."""


@dataclass(frozen=True)
class Library:
    """The dynamic symbols and relocations of one ELF shared library."""

    symbols: dict[str, tuple[int, int]]  # name -> (address, size)
    functions: dict[int, list[str]]  # address -> names of the functions defined there
    absolute: dict[int, str]  # place -> symbol the relocation there points to
    relative: dict[int, int]  # place -> address the relocation there points to


@cache
def library(path: Path) -> Library:
    """Read ``path``'s dynamic symbol table and its RELA relocations."""
    with path.open("rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            raise UnreadableVtable(f"{path} is not a 64-bit little-endian ELF library")
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
        sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
                    for i in range(shnum)]
        symbols: dict[str, tuple[int, int]] = {}
        functions: dict[int, list[str]] = defaultdict(list)
        names: list[str] = []
        for _, kind, _, _, offset, size, link, _, _, entsize in sections:
            if kind != SHT_DYNSYM:
                continue
            strings = sections[link][4]
            for index in range(size // entsize):
                name_at, info, _, shndx, value, sym_size = struct.unpack_from(
                    "<IBBHQQ", data, offset + index * entsize)
                end = data.find(b"\0", strings + name_at)
                name = data[strings + name_at:end].decode().split("@")[0]
                names.append(name)
                if shndx and value:
                    symbols[name] = (value, sym_size)
                    if info & 0xF == STT_FUNC:
                        functions[value].append(name)
        absolute: dict[int, str] = {}
        relative: dict[int, int] = {}
        for _, kind, _, _, offset, size, _, _, _, _ in sections:
            if kind != SHT_RELA:
                continue
            for place, info, addend in struct.iter_unpack("<QQq", data[offset:offset + size]):
                if info & 0xFFFFFFFF in ABSOLUTE:
                    absolute[place] = names[info >> 32]
                elif info & 0xFFFFFFFF in RELATIVE:
                    relative[place] = addend
        return Library(symbols, dict(functions), absolute, relative)


def method_name(symbol: str) -> str | None:
    """The method a mangled member-function symbol names (Itanium C++ ABI); None for a
    constructor or destructor, or for a symbol that is no member function (typeinfo)."""
    rest = re.sub(r"^_ZT[hv][n0-9_]*?_(?=N)", "_Z", symbol)  # a thunk: the method it calls
    if not rest.startswith("_ZN"):
        return None
    at = 3
    while rest[at] in "rVKRO":  # cv- and ref-qualifiers of the method
        at += 1
    last: str | None = None
    while rest[at] != "E":
        number = re.match(r"\d+", rest[at:])
        if number:
            length = int(number.group())
            at += len(number.group())
            last = rest[at:at + length]
            at += length
        elif rest[at:at + 2] in ("C1", "C2", "C3", "D0", "D1", "D2"):
            return None
        elif rest[at:at + 2] in OPERATORS:
            last = OPERATORS[rest[at:at + 2]]
            at += 2
        else:  # a substitution, a template or another operator: not met in Qt's vtables
            raise UnreadableVtable(f"cannot read the name in {symbol}")
    return last


def mangled(cpp_class: str) -> str:
    """The vtable symbol of a class at global scope."""
    return f"_ZTV{len(cpp_class)}{cpp_class}"


def library_of(qt_class: type) -> Path:
    """The Qt library that holds ``qt_class`` (PySide6.QtWidgets -> libQt6Widgets)."""
    module = qt_class.__module__.split(".")[-1]
    return QT_LIB / f"libQt6{module.removeprefix('Qt')}.so.6"


@cache
def pure_names(module: str) -> dict[str, frozenset[str]]:
    """Class -> the names of its pure virtual functions, from the PySide6 binding
    ``module`` (the "Class.method" texts of its "pure virtual method … not implemented")."""
    binding = next(BINDINGS.glob(f"{module}.*so"))
    found: dict[str, set[str]] = defaultdict(set)
    for cls, name in re.findall(rb"(?<=\0)(Q\w+)\.([a-z]\w*)(?=\0)", binding.read_bytes()):
        found[cls.decode()].add(name.decode())
    return {cls: frozenset(names) for cls, names in found.items()}


@cache
def virtual_names(qt_class: type) -> frozenset[str]:
    """The names of every C++ virtual function of the PySide6 class ``qt_class`` (its own
    and those it inherits)."""
    if not sys.platform.startswith("linux"):
        raise UnreadableVtable("Qt's vtables are read from ELF libraries (Linux) only")
    cpp = qt_class.__name__
    lib = library(library_of(qt_class))
    if mangled(cpp) not in lib.symbols:
        raise UnreadableVtable(f"no vtable for {cpp} in {library_of(qt_class).name}")
    start, size = lib.symbols[mangled(cpp)]
    names: set[str] = set()
    pure = 0
    for place in range(start, start + size, 8):
        if place in lib.absolute:
            symbol = lib.absolute[place]
            targets = [symbol]
        elif place in lib.relative:
            address = lib.relative[place]
            targets = lib.functions.get(address, [])
            if not targets:
                if any(value == address for value, _ in lib.symbols.values()):
                    continue  # typeinfo, not a function
                raise UnreadableVtable(f"slot {(place - start) // 8} of {cpp}'s vtable "
                                       f"points to {address:#x}, which has no name")
        else:
            continue  # the offset to the top of the object: no relocation
        if targets == [PURE]:
            pure += 1
            continue
        for target in targets:
            if target.startswith("_ZTI"):
                continue  # typeinfo
            name = method_name(target)
            if name is not None:
                names.add(name)
    if pure:
        module = qt_class.__module__.split(".")[-1]
        declared = pure_names(module).get(cpp, frozenset())
        if len(declared) != pure:
            raise UnreadableVtable(f"{cpp} has {pure} pure virtual functions; its binding "
                                   f"names {sorted(declared)}")
        names |= declared
    return frozenset(names)
