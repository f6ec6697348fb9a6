"""Synthesize the sounds of the chiếu into resources/sounds/ (run once; the outputs are committed).

    .venv/bin/python tools/make_sounds.py [--out resources/sounds]

Pure Python (`wave` + `math`, no numpy): short mono 16-bit WAVs at 22 050 Hz — a riffle for the
deal, a paper flick for a draw, a card slap for a discard, two clicks and a wooden knock for an
eat, three small bells for a chíu and a gong with a rising arpeggio for ù. Noise comes from a
seeded generator, so every run writes the same bytes. We made them: they are released under
CC0 1.0 (resources/sounds/README.md).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "sounds"

Samples = list[float]


def silence(seconds: float) -> Samples:
    """Zeros for `seconds`."""
    return [0.0] * round(seconds * RATE)


def mix(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    """Add `sound` into `into` starting at `at` seconds (growing it if needed)."""
    start = round(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, x in enumerate(sound):
        into[start + i] += gain * x


def noise_burst(rng: random.Random, seconds: float, decay: float, smooth: float) -> Samples:
    """White noise with an exponential decay, low-passed by a one-pole filter (`smooth` 0..1)."""
    out: Samples = []
    y = 0.0
    for i in range(round(seconds * RATE)):
        t = i / RATE
        y += (1 - smooth) * (rng.uniform(-1, 1) - y)
        out.append(y * math.exp(-t / decay))
    return out


def tone(freq: float, seconds: float, decay: float, partials: tuple[tuple[float, float], ...]
         = ((1.0, 1.0),), attack: float = 0.004) -> Samples:
    """A struck tone: partials (ratio, level) with an exponential decay and a short attack."""
    out: Samples = []
    for i in range(round(seconds * RATE)):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(env * sum(level * math.sin(2 * math.pi * freq * ratio * t)
                             for ratio, level in partials))
    return out


def high_pass(samples: Samples, amount: float) -> Samples:
    """Remove rumble: subtract a slow running mean (`amount` close to 1 keeps more)."""
    out: Samples = []
    mean = 0.0
    for x in samples:
        mean = amount * mean + (1 - amount) * x
        out.append(x - mean)
    return out


def fade_out(samples: Samples, seconds: float = 0.02) -> Samples:
    """A short linear fade at the end, so no sound stops with a click."""
    n = min(len(samples), round(seconds * RATE))
    for k in range(n):
        samples[len(samples) - n + k] *= 1 - (k + 1) / n
    return samples


def deal(rng: random.Random) -> Samples:
    """A riffle: a quick run of paper clicks."""
    out = silence(0.05)
    t = 0.0
    for k in range(14):
        click = high_pass(noise_burst(rng, 0.03, 0.006, 0.35), 0.9)
        mix(out, click, t, 0.55 + 0.25 * math.sin(k))
        t += 0.028 + rng.uniform(0, 0.01)
    return out


def draw(rng: random.Random) -> Samples:
    """A card turned over: a soft, short flick."""
    out = high_pass(noise_burst(rng, 0.09, 0.025, 0.6), 0.95)
    mix(out, tone(880, 0.05, 0.012), 0.0, 0.08)
    return out


def discard(rng: random.Random) -> Samples:
    """A card slapped on the mat: a noise burst over a low thump."""
    out = noise_burst(rng, 0.14, 0.022, 0.45)
    mix(out, tone(150, 0.14, 0.035), 0.0, 0.7)
    return out


def eat(rng: random.Random) -> Samples:
    """Two cards taken together: two clicks and a wooden knock."""
    out = silence(0.0)
    mix(out, high_pass(noise_burst(rng, 0.05, 0.01, 0.4), 0.9), 0.0, 0.8)
    mix(out, high_pass(noise_burst(rng, 0.05, 0.01, 0.4), 0.9), 0.07, 0.8)
    mix(out, tone(520, 0.22, 0.05, ((1.0, 1.0), (2.76, 0.35))), 0.07, 0.5)
    return out


def chiu(rng: random.Random) -> Samples:
    """Three small bells, rising (E6 G6 B6)."""
    del rng
    out = silence(0.0)
    bell = ((1.0, 1.0), (2.0, 0.35), (3.01, 0.15))
    for k, freq in enumerate((1318.5, 1568.0, 1975.5)):
        mix(out, tone(freq, 0.45, 0.12, bell), k * 0.09, 0.45)
    return out


def u(rng: random.Random) -> Samples:
    """Ù: a gong under a rising arpeggio (C5 E5 G5 C6)."""
    del rng
    out = tone(196.0, 1.3, 0.45, ((1.0, 1.0), (2.41, 0.45), (3.93, 0.2), (5.4, 0.1)),
               attack=0.01)
    bell = ((1.0, 1.0), (2.0, 0.3), (3.0, 0.12))
    for k, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        mix(out, tone(freq, 0.6, 0.18, bell), 0.05 + k * 0.08, 0.4)
    return out


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "deal": deal, "draw": draw, "discard": discard, "eat": eat, "chiu": chiu, "u": u,
}


def write(path: Path, samples: Samples, peak: float = 0.7) -> None:
    """Normalise to `peak` and write a 16-bit mono WAV."""
    samples = fade_out(samples)
    top = max((abs(x) for x in samples), default=0.0) or 1.0
    frames = b"".join(struct.pack("<h", round(32767 * peak * x / top)) for x in samples)
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(frames)


def main() -> int:
    """Write every sound and print its path and length."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        samples = make(random.Random(f"chan-tutor:{name}"))
        path = args.out / f"{name}.wav"
        write(path, samples)
        print(f"{path} {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
