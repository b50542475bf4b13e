"""Records in the store's records slots: per game the games played, best
score and boxes shut; per player count a running tally of games and wins.

Only a game's end and the Records screen need this, so ``Store`` imports it on
demand (``Store.load_records`` / ``record_game`` / ``reset_tally``) and the app
forgets it again while a game runs.  Payload (big-endian u16 words): per game
id 1-8 (played, best or -32768 for none, shut), then per player count 1-8 the
games and one win count per seat.
"""

MAX_GAME_ID = 8
MAX_PLAYERS = 8
NO_BEST = -32768
RECORDS_SIZE = 6 * MAX_GAME_ID + 2 * (MAX_PLAYERS + MAX_PLAYERS * (MAX_PLAYERS + 1) // 2)
_COUNT_MAX = 0xFFFF


class Records:
    """Per game: games played, best score, boxes shut.  Per player count: a
    running tally of games and wins per seat (shared wins count for each)."""

    def __init__(self):
        n = MAX_GAME_ID + 1
        self.played = [0] * n
        self.best = [None] * n
        self.shut = [0] * n
        self.tally_games = [0] * (MAX_PLAYERS + 1)
        self.tally_wins = [[0] * p for p in range(MAX_PLAYERS + 1)]

    def game(self, game_id):
        """(games played, best score or None, boxes shut) for one game."""
        return self.played[game_id], self.best[game_id], self.shut[game_id]

    def tally(self, players):
        """(games, [wins of seat 0, seat 1, ...]) for games with ``players`` seats."""
        return self.tally_games[players], list(self.tally_wins[players])

    def encode(self):
        out = bytearray()
        for gid in range(1, MAX_GAME_ID + 1):
            best = NO_BEST if self.best[gid] is None else self.best[gid]
            for v in (self.played[gid], best & 0xFFFF, self.shut[gid]):
                out.append(v >> 8)
                out.append(v & 0xFF)
        for p in range(1, MAX_PLAYERS + 1):
            for v in [self.tally_games[p]] + self.tally_wins[p]:
                out.append(v >> 8)
                out.append(v & 0xFF)
        return bytes(out)

    @classmethod
    def decode(cls, data):
        """Records from ``encode()`` bytes, or None if the length is wrong."""
        if len(data) != RECORDS_SIZE:
            return None
        rec = cls()
        words = [(data[i] << 8) | data[i + 1] for i in range(0, len(data), 2)]
        pos = 0
        for gid in range(1, MAX_GAME_ID + 1):
            best = words[pos + 1]
            best = best - 0x10000 if best >= 0x8000 else best
            rec.played[gid] = words[pos]
            rec.best[gid] = None if best == NO_BEST else best
            rec.shut[gid] = words[pos + 2]
            pos += 3
        for p in range(1, MAX_PLAYERS + 1):
            rec.tally_games[p] = words[pos]
            rec.tally_wins[p] = words[pos + 1:pos + 1 + p]
            pos += 1 + p
        return rec


def _bump(v, by=1):
    v += by
    return _COUNT_MAX if v > _COUNT_MAX else v


def load_records(store):
    """(Records, note or None) from ``store``; damaged records start again
    from zero."""
    pair = store._pair(store._records)
    data = pair.payload()
    rec = Records.decode(data) if data is not None else None
    if rec is None:
        if data is None:
            note = store._damage_note(pair, "Records", "starting afresh")
        else:
            note = "Records were reset"
        return Records(), note
    return rec, None


def record_game(store, game_id, players, scores, winners, low_wins=False, shut=0):
    """Count one finished game; return True if it set a new best score.

    ``scores``: one per seat, None for a seat that does not count for the
    best score (e.g. device-played), or empty for a game without scores.
    ``winners``: winning seat indices (several for a shared win).
    ``low_wins``: the lowest score is best (Shut the Box, DicedOut).
    ``shut``: boxes shut during the game (Shut the Box)."""
    if not 1 <= game_id <= MAX_GAME_ID or not 1 <= players <= MAX_PLAYERS or shut < 0:
        raise ValueError("bad game, player count or shut count")
    if scores and len(scores) != players:
        raise ValueError("one score per seat")
    for seat in winners:
        if not 0 <= seat < players:
            raise ValueError("bad winner seat")
    rec, _note = load_records(store)
    rec.played[game_id] = _bump(rec.played[game_id])
    rec.shut[game_id] = _bump(rec.shut[game_id], shut)
    new_best = False
    for s in scores or ():
        if s is None:
            continue
        s = -32767 if s < -32767 else (32767 if s > 32767 else s)
        best = rec.best[game_id]
        if best is None or (s < best if low_wins else s > best):
            rec.best[game_id] = s
            new_best = True
    rec.tally_games[players] = _bump(rec.tally_games[players])
    wins = rec.tally_wins[players]
    for seat in sorted(set(winners)):
        wins[seat] = _bump(wins[seat])
    store._save(store._records, rec.encode())
    return new_best


def reset_tally(store, players=None):
    """Start the running tally again (for one player count, or all)."""
    rec, _note = load_records(store)
    for p in range(1, MAX_PLAYERS + 1):
        if players is None or p == players:
            rec.tally_games[p] = 0
            rec.tally_wins[p] = [0] * p
    return store._save(store._records, rec.encode())
