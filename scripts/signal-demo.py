#!/usr/bin/env python3
"""Writes the Signal workspace's demo recording: 6 s of 48 kHz 16-bit mono WAV with a logarithmic
chirp (100 Hz to 12 kHz), a steady 1 kHz tone, 50 Hz mains hum with harmonics and a little noise.
Standard library only, so that any machine can make it. Usage: signal-demo.py OUT.wav"""
import math
import random
import struct
import sys
import wave

RATE, SECONDS = 48000, 6.0
F0, F1 = 100.0, 12000.0

def sample(n, rng):
    t = n / RATE
    k = math.log(F1 / F0) / SECONDS
    chirp = 0.25 * math.sin(2 * math.pi * F0 * (math.exp(k * t) - 1) / k)
    tone = 0.2 * math.sin(2 * math.pi * 1000.0 * t)
    hum = sum(0.06 / h * math.sin(2 * math.pi * 50.0 * h * t) for h in range(1, 6))
    return chirp + tone + hum + rng.gauss(0.0, 0.01)

def main():
    rng = random.Random(1)
    frames = int(RATE * SECONDS)
    data = b"".join(struct.pack("<h", max(-32768, min(32767, round(sample(n, rng) * 32767)))) for n in range(frames))
    with wave.open(sys.argv[1], "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data)

if __name__ == "__main__":
    main()
