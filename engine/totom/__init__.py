"""Tổ tôm, the second ruleset (shared/TOTOM.md): cards, the deal, melds, the win test, cước, calls.

The state machine (T4), the offences recorded during play (T6), records and computer players
build on these modules; each judges one part of TOTOM.md and names its T ids.
"""
