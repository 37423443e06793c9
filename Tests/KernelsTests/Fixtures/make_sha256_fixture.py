#!/usr/bin/env python3
"""Writes sha256_fixture.json: SHA-256 digests by Python's hashlib (OpenSSL), an independent
reference for Kernels' SHA256, of messages whose lengths sit on every padding boundary.

Message n bytes long: byte i = (i * 131 + n * 7 + 11) mod 256, the formula SHA256Tests repeats.
Usage: python3 make_sha256_fixture.py  (writes beside itself)
"""
import hashlib
import json
import os

LENGTHS = [0, 1, 3, 31, 32, 55, 56, 57, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 191, 192,
           1000, 4095, 4096, 65537, 1 << 20]


def message(n):
    return bytes((i * 131 + n * 7 + 11) % 256 for i in range(n))


def main():
    cases = [{"text": t, "sha256": hashlib.sha256(t.encode()).hexdigest()}
             for t in ["abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"]]
    generated = [{"length": n, "sha256": hashlib.sha256(message(n)).hexdigest()} for n in LENGTHS]
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sha256_fixture.json")
    with open(out, "w") as f:
        json.dump({"texts": cases, "generated": generated}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
