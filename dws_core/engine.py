"""The protocol every game engine follows, and the undo machinery they share.

A game is driven by *steps*: small tuples such as ``("colour", 0)`` or
``("confirm",)``.  ``legal_steps()`` lists the steps that may come next (the UI
highlights them, bots enumerate them); ``step(s)`` applies one and returns the
list of *events* (tuples such as ``("rolled", player, (3, 6))``) it caused, or
raises ``Refused`` with a short reason and changes nothing.  The kinds every
game shares have one layout in every engine, a game's own kinds the layout
its table gives, and the screens read the fields by name:
``dws_core.events``.

Undo works inside a turn: every irreversible step (confirming a turn, rolling
dice) makes a *checkpoint*, the encoded state after it; the steps since then
are kept, and ``undo()`` reloads the checkpoint and replays all but the last.
So an undo can never reroll dice, and a save written at a checkpoint resumes
exactly there.

Subclasses set ``GAME_ID`` (one byte, unique per game) and implement:

* ``_apply(step, events)``: validate the step completely, then mutate and
  append events; return True if the step is irreversible.  Raise ``Refused``
  before any mutation.
* ``_write(w)`` / ``_read(r)``: the game-specific part of the state, with a
  ``codec.Writer`` / ``codec.Reader``.  ``_read`` validates every value.
* ``legal_steps()``, ``scores()``, ``ranking()``.

and may implement ``turn_lines()``, the hand-over's lines.

Common attributes: ``players`` (count), ``current`` (whose turn), ``over``
(game finished), ``rng`` (a ``dws_core.rng.Rng``).
"""

from dws_core.codec import Reader, Writer, crc32
from dws_core.errors import DecodeError, Refused
from dws_core.rng import Rng

FORMAT_VERSION = 1
# The columns of a hand-over line (``turn_lines``): the device's text screen.
COLS = 26


class Engine:
    GAME_ID = 0
    NAME = "?"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 8
    # Variant options a setup screen offers: (name, choices), choices[0] default.
    OPTIONS = ()
    # The player's words for an option's name or value where the identifier
    # does not say it (the rest: the name with spaces, capitalised; the
    # value as it is).
    OPTION_WORDS = {}

    def _init_engine(self, players, seed):
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("players must be an int")
        if players < self.MIN_PLAYERS or players > self.MAX_PLAYERS:
            raise ValueError("players must be %d-%d" % (self.MIN_PLAYERS, self.MAX_PLAYERS))
        self.players = players
        self.rng = seed if isinstance(seed, Rng) else Rng(seed)
        self.current = 0
        self.over = False
        self._pending = []
        self._checkpoint = None

    @classmethod
    def option_defaults(cls):
        d = {}
        for name, choices in cls.OPTIONS:
            d[name] = choices[0]
        return d

    @classmethod
    def check_options(cls, options):
        """Merge ``options`` over the defaults; refuse unknown names and values."""
        merged = cls.option_defaults()
        if options:
            for name in sorted(options):
                value = options[name]
                choices = None
                for oname, ochoices in cls.OPTIONS:
                    if oname == name:
                        choices = ochoices
                if choices is None:
                    if name not in cls.EXTRA_OPTIONS:
                        raise ValueError("unknown option " + name)
                elif value not in choices:
                    raise ValueError("bad value for option " + name)
                merged[name] = value
        return merged

    # Options that take data rather than a choice (e.g. score tables).
    EXTRA_OPTIONS = ()

    # ----- stepping and undo -------------------------------------------

    def step(self, step):
        """Apply one step; return its events.  Raises Refused (state unchanged)."""
        if self.over:
            raise Refused("The game is over")
        if not isinstance(step, tuple) or not step:
            raise Refused("Not a step")
        events = []
        if self._apply(step, events):
            self._mark_checkpoint()
        else:
            self._pending.append(step)
        return events

    def can_undo(self):
        return len(self._pending) > 0

    def undo(self):
        """Take back the last step of this turn (never a roll or a confirm)."""
        if not self._pending:
            raise Refused("Nothing to undo")
        last = self._pending[-1]
        keep = self._pending[:-1]
        self._load(self._checkpoint)
        scratch = []
        for s in keep:
            self._apply(s, scratch)
            del scratch[:]
        self._pending = keep
        return [("undone", last)]

    def _mark_checkpoint(self):
        self._pending = []
        self._checkpoint = self.encode()

    def checkpoint(self):
        """The encoded state at the last irreversible step (what a save keeps)."""
        return self._checkpoint

    # ----- encoding ----------------------------------------------------

    def encode(self):
        w = Writer()
        w.u8(self.GAME_ID)
        w.u8(FORMAT_VERSION)
        w.u32(self.rng.state)
        w.u8(self.players)
        w.u8(self.current)
        w.u8(1 if self.over else 0)
        self._write(w)
        return w.getvalue()

    @classmethod
    def decode(cls, data):
        """Rebuild a game from ``encode()`` bytes; raises DecodeError only."""
        game = object.__new__(cls)
        game._load(data)
        game._pending = []
        game._checkpoint = bytes(data)
        return game

    def _load(self, data):
        try:
            r = Reader(data)
            if r.u8() != self.GAME_ID:
                raise DecodeError("not a %s state" % self.NAME)
            if r.u8() != FORMAT_VERSION:
                raise DecodeError("unknown state version")
            state = r.u32()
            if state == 0:
                raise DecodeError("bad random state")
            rng = Rng()
            rng.state = state
            self.rng = rng
            self.players = r.u8(self.MIN_PLAYERS, self.MAX_PLAYERS)
            self.current = r.u8(0, self.players - 1)
            self.over = r.flag()
            self._read(r)
            r.end()
        except DecodeError:
            raise
        except (IndexError, ValueError, KeyError, TypeError, AttributeError):
            raise DecodeError("corrupt state")

    def digest(self):
        """CRC-32 of the encoded state: equal digests, equal games."""
        return crc32(self.encode())

    # ----- to implement --------------------------------------------------

    def legal_steps(self):
        raise NotImplementedError

    def scores(self):
        raise NotImplementedError

    def ranking(self):
        """Groups of player indices, best first; a group of 2+ is a shared place."""
        raise NotImplementedError

    def final_scores(self):
        """The scores the final screen shows and the records keep: one per
        player, None for a player the game left without one."""
        return self.scores()

    def counted(self):
        """What the records count of a finished game besides the game itself
        (its row in ``dws_core.games`` names it), else 0."""
        return 0

    def turn_lines(self):
        """The hand-over's lines for the player whose turn begins: at most
        two of ``COLS`` columns, in the rules' words; none (the default), the
        pass screen shows the player's name alone.  Here, not in the game's
        screen module: Continue's hand-over shows them before that module is
        imported."""
        return ()


def int_arg(step):
    """The one int argument of a step such as ("hold", 2); refuses anything else."""
    if len(step) != 2 or type(step[1]) is not int:
        raise Refused("Not a step")
    return step[1]


def round_total(round_scores, p):
    """Player ``p``'s total over recorded rounds (None = not played yet)."""
    t = 0
    for row in round_scores:
        if row[p] is not None:
            t += row[p]
    return t


def rank_by(keys, higher_is_better=True):
    """Group players by ``keys`` (one comparable per player), best first."""
    order = list(range(len(keys)))
    order.sort(key=lambda i: keys[i], reverse=higher_is_better)
    groups = []
    for i in order:
        if groups and keys[groups[-1][0]] == keys[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    for g in groups:
        g.sort()  # MicroPython's sort is not stable: fix the order in a group
    return groups
