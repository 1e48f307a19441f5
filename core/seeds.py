"""Seeds: where every deal's shuffle comes from.

A new game's seed is drawn from :mod:`secrets` with :data:`SEED_BITS` bits:
from one's own hand a player cannot search that many seeds for the one
that deals it (32 bits took minutes), and so cannot learn the other hands
or the stock.

Seeds derived from a game's seed (each computer player's, each later deal
of a match) go through a keyed hash, so seeing what a derived seed does
tells nothing of the seed it came from. Seeds below :data:`LEGACY_BELOW`
(every seed drawn before 128-bit seeds, and any small seed a person chooses
with ``--seed``) keep the old arithmetic derivations, so that their games,
simulations and transcripts play exactly as before; such a seed is known to
whoever chose it, so it has nothing left to hide.
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["SEED_BITS", "LEGACY_BELOW", "new_seed", "derived"]

#: Bits of entropy of every seed the program draws itself.
SEED_BITS = 128
#: Seeds below this derive the old way (their derivations were 63-bit arithmetic).
LEGACY_BELOW = 1 << 63


def new_seed() -> int:
    """A fresh secret seed of :data:`SEED_BITS` random bits."""
    return secrets.randbits(SEED_BITS)


def derived(seed: int, purpose: str, index: int) -> int:
    """A seed of :data:`SEED_BITS` bits for ``purpose`` (``bot``, ``deal``)
    and ``index`` (a seat, a deal's number), from ``seed`` by BLAKE2b: one
    way, so the derived seed does not give ``seed`` back."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=SEED_BITS // 8,
                             person=purpose.encode()[:16]).digest()
    return int.from_bytes(digest, "big")
