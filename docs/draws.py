#!/usr/bin/env python3
"""Recompute a housie draw (protocol 2) from its revealed seed, with Python's standard library.

    python3 draws.py SEED [75]   prints the SHA-256 shown before the first call, then the order
                                 of 1-90 (of 1-75 for a 75-ball game)
"""
import hashlib
import hmac
import sys


def words(seed):
    """32-bit words: HMAC-SHA256(key=seed, 'housie-draw-v2' + i as 8 bytes, big-endian)."""
    i = 0
    while True:
        block = hmac.new(seed.encode("ascii"), b"housie-draw-v2" + i.to_bytes(8, "big"), hashlib.sha256).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(block[k:k + 4], "big")
        i += 1


def order(seed, top=90):
    numbers, source = list(range(1, top + 1)), words(seed)
    for n in range(top - 1, 0, -1):
        limit = 2**32 - 2**32 % (n + 1)
        w = next(source)
        while w >= limit:
            w = next(source)
        j = w % (n + 1)
        numbers[n], numbers[j] = numbers[j], numbers[n]
    return numbers


if __name__ == "__main__":
    seed = sys.argv[1]
    if len(seed) != 64 or any(c not in "0123456789abcdef" for c in seed):
        sys.exit("a draw seed is 64 hex digits (0-9, a-f)")
    print("sha256", hashlib.sha256(seed.encode("ascii")).hexdigest())
    print(" ".join(map(str, order(seed, int(sys.argv[2]) if len(sys.argv) > 2 else 90))))
