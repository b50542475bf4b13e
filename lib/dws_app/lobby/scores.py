"""Final scores: the ranking and the winner; for Dice Wide Shut also the
per-column breakdown of one player (LEFT/RIGHT to see another).  Under the
ranking, when a line is free: why the winner won where the rules broke a
tie ("Tied at 61: more splits"); then, when it fits, the running tally of this player
count (the game is already counted): "Wins by seat in 5 games: 3 2", each seat
in its colour."""

from dws_app import theme, ui


def final(app, game):
    """The finished game counted in the records and shown (``show``, in
    the next pass inside the main loop); the store writes them in the pass
    after (``record``, deferred to the app's NEXT_PASS), after the
    screen is drawn: the writes made the open 540-660 ms on the Pico.  A
    power cut before it loses this game's count, and Continue offers its
    last turn again."""
    app.game_running(False)
    table = seated(app, game)
    shown = game.final_scores()
    scores = list(shown)
    seats = table and table.seats
    if seats:                   # device-played seats set no best score
        for p in range(len(scores)):
            if seats.device(p):
                scores[p] = None
    seats = None
    ranking = game.ranking()
    # (what the scores need of its Table: the rest goes with it)
    names = table and table.names
    lineup = table and table.lineup
    ending = ending_of(table, game)
    table = None
    # Nothing of the play is needed any more: its tables, seats (bots) and
    # the pass screen go before the scores screen is built (they made the
    # scores the lowest point of a whole game, 10 KB below its turns), and
    # its code (the menu after starts afresh); before the records' code
    # too (in the PyBadge-sized heap less its headroom, importing the
    # games' list beside the play's code ran out of memory, issue 50).
    app.let_play_go()
    from dws_app.lobby.records_store import count_game, load_records
    records = load_records(app.store)[0]
    recorded, low_wins, tie = ending
    best = None
    # (each seat's player slot, as ``lineup.slots_of`` says: that module
    # imported here was 22 ms of the scores' open on the Pico)
    from dws_app.levels import PLAYER
    slots = [b - PLAYER if b >= PLAYER else None for b in lineup] if lineup else None
    if recorded and count_game(records, game.GAME_ID, game.players, scores, ranking[0],
                               low_wins=low_wins, shut=game.counted(), slots=slots):
        best = best_seat(scores, low_wins)
    app.later(app.NEXT_PASS, show, app, game, shown, ranking, best, records, names, lineup, ending)


def seated(app, game):
    """The app's ``play.Table`` when it holds ``game``, else None (a game
    shown that no setup or Continue seated: a test's)."""
    table = app.table
    return table if table is not None and table.game is game else None


def ending_of(table, game):
    """(recorded, low wins, tie words) of ``game``'s row: its ``table``'s,
    kept since it seated the game (``play.opening.seat``), else the games'
    list's."""
    if table is not None and table.ending is not None:
        return table.ending
    from dws_core.games import LOW_WINS, RECORDED, TIE, field
    gid = game.GAME_ID
    return field(gid, RECORDED), field(gid, LOW_WINS), field(gid, TIE)


def show(app, game, shown, ranking, best, records, names, lineup, ending):
    """The scores' screen, first thing in the pass after the count (the old
    screen stays up, no frame between): a device seat's last move, its
    save, the count and the screen in one pass took 588 ms on the Pico,
    where a pass may keep the screen frozen 300."""
    app.push(ScoresScreen(app, game, shown, ranking, best, records, names, ending))
    lineup = (game.GAME_ID, lineup or [0] * game.players)
    app.later(app.NEXT_PASS, record, app, records, lineup)


def record(app, records, lineup):
    """No game to continue any more, and the records with it counted (one
    nvm write, in the pass after the scores' frame); the game's line-up
    kept as the next setup's (a second write when it changed)."""
    from dws_app.lobby.lineup import keep_lineup
    from dws_app.lobby.records_store import finish_game
    finish_game(app.store, records)
    app.nvm_log()       # (a cut between the two writes keeps the count, not the line-up)
    if keep_lineup(app.store, lineup[0], lineup[1]):
        app.nvm_log()


def best_seat(scores, low_wins):
    """The seat of the best counted score (None: a seat that sets none),
    the first of equals."""
    seat = None
    for p in range(len(scores)):
        s = scores[p]
        if s is not None and (seat is None or (s < scores[seat] if low_wins else s > scores[seat])):
            seat = p
    return seat


def place_lines(scores, ranking, names):
    """One line per player, best first: "1 ANNA  61" ("-" for no score),
    the names as wide as the longest."""
    lines = []
    place = 1
    wide = max(len(n) for n in names)
    for group in ranking:
        for p in group:
            score = "-" if scores[p] is None else "%d" % scores[p]
            lines.append((p, "%d %s %4s" % (place, ui.fit(names[p], wide), score)))
        place += len(group)
    return lines


# Each round's score after a player's total (``rounds_table``): up to this
# many rounds, each in three columns, fit the line.
ROUNDS_SHOWN = 5
ROUNDS_HEAD = "by round"
ROUNDS_FIRST = 2        # the first place line under the rounds' head
CHART_HEAD = "Total by round"
CHART_SHORT = "Totals"      # (right of long names' place lines)
# The views LEFT/RIGHT go round (those the game has): the totals, each
# round's score beside them, the chart of the running totals.
VIEW_NAMES = ("totals", "by round", "chart")
VIEW_KEYS = "<>:%s  A:menu"
CHART_COL = 11      # the chart's first column, right of the place lines
NO_ROOM = "No memory"         # (right of the longest place lines)


def rounds_table(game, last, width=ui.COLS):
    """The final screen's round-by-round view of a game of 2 to
    ``ROUNDS_SHOWN`` rounds (``round_results``): (its head, per player the
    rounds' scores to show after their place line: "  33  0 26"), or None
    (one round, too many rounds or players for the lines or for the
    ``width`` columns right of the place lines, a score too wide)."""
    if not hasattr(game, "round_results"):
        return None
    rounds = getattr(game, "rounds", 1)
    if not 1 < rounds <= min(ROUNDS_SHOWN, width // 3) or game.players > last - 1:
        return None
    parts = []
    for p in range(game.players):
        results = game.round_results(p)[:rounds]
        for r in results:
            if r is not None and not -10 < r < 100:
                return None     # (three columns: a space and two digits)
        parts.append("".join("  -" if r is None else "%3d" % r for r in results))
    return ROUNDS_HEAD, parts


def charted(game):
    """True when the game has more than one round and keeps its running
    scores: its final screen has the chart (``chart``).  Dice Wide Shut
    keeps its totals by round from the first unless a build that kept none
    began the game (``dws_core.dws_totals.NOT_KEPT``)."""
    if hasattr(game, "column_scores"):     # (Dice Wide Shut, as ``columns``)
        return game.round > 0 and game.totals[0] != 0xFF
    return hasattr(game, "round_results") and getattr(game, "rounds", 1) > 1


def tally_parts(games, wins):
    """The tally line as (text, seat or None) pieces, or None if it does not
    fit one grid line: the records' wins by seat, whoever sat there, each
    in its seat's colour ("Wins by seat in 5 games: 3 2").  Shorter forms
    when needed: without the games (the Records count them), then "Wins:"."""
    s = "" if games == 1 else "s"
    for head in ("Wins by seat in %d game%s:" % (games, s), "Wins by seat:", "Wins:"):
        parts = [(head, None)]
        width = len(head)
        for p in range(len(wins)):
            piece = " %d" % wins[p]
            parts.append((piece, p))
            width += len(piece)
        if width <= ui.COLS:
            return parts
    return None


def tie_note(scores, ranking, words):
    """Why the winner won where the rules broke a tie on the score (a
    game's ``TIE`` words, ``dws_core.games``): "Tied at 61: more splits";
    else None."""
    if words is None or len(ranking) < 2 or len(ranking[0]) != 1:
        return None
    score = scores[ranking[0][0]]
    if score is None or score != scores[ranking[1][0]]:
        return None
    return "Tied at %d: %s" % (score, words)


def winner_text(ranking, names):
    """The title: "ANNA wins!", or "Shared win: ANNA BO" (where the names
    do not fit the line, "Shared win!": the place lines say who; the
    large type takes 17 characters, a longer title stays in the terminal
    font, ``bigtype``)."""
    best = ranking[0]
    if len(best) == 1:
        return names[best[0]] + " wins!"
    text = "Shared win: " + " ".join(names[p] for p in best)
    return text if len(text) <= ui.COLS else "Shared win!"


COLUMNS_KEYS = "<>:player A:menu"
COLUMNS_CHART_KEYS = "<>:players, chart A:menu"
COLUMNS_HEAD = "%s:"         # (the player's columns under it, R and B)
NEWS = "New best!"
NEWS_LINES = ("New best score: %s %d", "New best: %s %d")  # (on a line of its own)


class ScoresScreen(ui.Screen):
    """(Plain texts, not widgets.SparseText: the finished game is still on
    the heap here, and its chunks cost ~8 KB on the board.)"""

    head = red = blue = None    # Dice Wide Shut's columns (``columns``)

    def __init__(self, app, game, scores, ranking, new_best, records, names=None, ending=None):
        """``scores``, ``ranking``: the game's, worked out once (a Dice Wide
        Shut ranking took ~9 ms on the Pico, and the screen asked three
        times); ``new_best``: the seat whose score is the game's new best,
        or None; ``records``: the Records with this game counted
        (``count_game``: the store writes them a pass later); ``names``,
        ``ending``: its seats' names and its row's ending (``ending_of``),
        kept from its ``play.Table`` (let go before this screen; None: the
        app's Table's while it holds the game, else guests')."""
        ui.Screen.__init__(self, app)
        self.game = game
        self.records = records
        self.columns = hasattr(game, "column_scores")
        # (Texts that never change are as wide as their words: ``fixed``.)
        # The winner's title in the winner's colour (a shared win: the accent).
        colour = theme.player_colour(ranking[0][0]) if len(ranking[0]) == 1 else theme.ACCENT
        from dws_app.lobby.bigtype import BigText
        table = seated(app, game)
        if names is None and table is not None:
            names = table.names
        if ending is None:
            ending = ending_of(table, game)
        table = None
        if names is None or len(names) != game.players:     # (a game no setup seated)
            from dws_app.lobby.lineup import seat_names
            names = seat_names([0] * game.players, game.GAME_ID)
        self.names = names
        self.title = BigText(self, 0, winner_text(ranking, names), colour)
        lines = place_lines(scores, ranking, names)
        last = 5 if self.columns else 8     # the last row above the columns or the footer
        by_round = None if self.columns else rounds_table(game, last,
                                                          ui.COLS - len(lines[0][1]))
        self.chart_col = max(CHART_COL, len(lines[0][1]) + 1)
        first = ROUNDS_FIRST if by_round is not None else 1    # (row 1: the rounds' head)
        self.places = []
        # The round-by-round view (LEFT/RIGHT): its texts are made when it is
        # first shown (``make_rounds``).  Made hidden with the screen, their
        # area was drawn by the open's second refresh (9,216 pixels, ~30 ms
        # of Cargo's final screen on the Pico).
        self.by_round = by_round
        self.rounds = []
        self.showing = 0        # the view shown: its index in ``views``
        self.chart = None       # the chart's layers, made when first shown
        for i in range(min(last + 1 - first, len(lines))):
            p, line = lines[i]
            more = ""
            if self.columns:
                more = "  %d split%s" % (game.boards[p].splits, "" if game.boards[p].splits == 1 else "s")
            self.places.append(self.fixed(0, first + i, theme.player_colour(p), line + more))
        self.order = [p for p, _line in lines[:len(self.places)]]
        self.place_cols = len(lines[0][1])
        # Why the winner won a tie (the rules' tie-break), under the places
        note = tie_note(scores, ranking, ending[2])
        row = first + len(self.places)
        self.tie = None
        if note is not None and row <= last:
            self.tie = self.fixed(0, row, theme.FG, note)
            row += 1
        self.tally = []
        if row <= last:
            self.show_tally(row)
            row += 1
        self.player = ranking[0][0]
        # (views: indices of VIEW_NAMES)
        self.views = [0] + ([1] if by_round is not None else []) + ([2] if charted(game) else [])
        # (Dice Wide Shut: LEFT/RIGHT go round the players' columns and its
        # chart, ``player`` None)
        if self.columns:
            keys = COLUMNS_CHART_KEYS if 2 in self.views else COLUMNS_KEYS
        elif len(self.views) > 1:
            keys = self.view_keys()
        else:
            keys = "A:menu"
        if self.columns:
            # One block of three lines, on the footer's edge at every size.
            y = self.row_y(8)
            self.head = ui.Text(self.root, 2, y - 2 * ui.LH, len(COLUMNS_HEAD % "") + max(
                len(n) for n in names), theme.FG)
            self.red = ui.Text(self.root, 2, y - ui.LH, ui.COLS, theme.DIE_FG[0])
            self.blue = ui.Text(self.root, 2, y, ui.COLS, theme.DIE_FG[1])
        # News (a new best score) on a line of its own under the places and
        # the tally; with every row taken (five players' columns, six or
        # more players' rounds, eight players), at the start of the columns'
        # head, before the rounds' head, or at the end of the keys.
        self.news = None
        if new_best is not None:
            if row <= last:         # (whose, and what: "New best score: ANNA 61")
                for news in NEWS_LINES:
                    news = news % (names[new_best], scores[new_best])
                    if len(news) <= ui.COLS:
                        break
                self.news = self.fixed(0, row, theme.player_colour(new_best), news)
            elif self.columns:
                self.news = ui.Text(self.root, 2 + (ui.COLS - len(NEWS) - 1) * ui.CW,
                                    self.row_y(8) - 2 * ui.LH, len(NEWS), theme.ACCENT, NEWS)
            elif by_round is not None:  # (row 1 left of the rounds' head: the keys change)
                self.news = self.fixed(0, 1, theme.ACCENT, NEWS)
            else:
                keys += "  " + NEWS
        self.footer = self.text(0, 9, max(len(VIEW_KEYS % v) for v in VIEW_NAMES)
                                if len(self.views) > 1 and not self.columns else len(keys),
                                theme.DIM, keys)
        app.leds.fill(theme.player_colour(self.player))
        app.leds.show()
        # (refresh() comes with on_show, when it is pushed)

    def show_tally(self, row):
        """One label per piece, built with the screen (presses never touch them)."""
        games, wins = self.records.tally(self.game.players)
        parts = tally_parts(games, wins)
        col = 0
        for text, seat in parts or ():
            colour = theme.DIM if seat is None else theme.player_colour(seat)
            self.tally.append(self.text(col, row, len(text), colour, text))
            col += len(text)

    def view_keys(self):
        """The key line: LEFT/RIGHT's next view."""
        return VIEW_KEYS % VIEW_NAMES[self.views[(self.showing + 1) % len(self.views)]]

    def show_view(self, index):
        """The totals, each round's score beside them, or the chart of the
        running totals where the rounds and the tally were (``views``)."""
        self.showing = index
        view = self.views[index]
        if view == 1 and not self.rounds:
            self.make_rounds()
        for text in self.rounds:
            text.hidden = view != 1
        self.show_chart(view == 2)
        self.footer.text = self.view_keys()

    def make_rounds(self):
        """Each round's score right of each place line, under the rounds'
        head (``rounds_table``)."""
        head, parts = self.by_round
        for i in range(len(self.order)):
            p = self.order[i]
            self.rounds.append(self.fixed(self.place_cols, ROUNDS_FIRST + i,
                                          theme.player_colour(p), parts[p]))
        self.rounds.append(self.fixed(self.place_cols + 1, ROUNDS_FIRST - 1, theme.DIM, head))

    def make_chart(self):
        """The chart's head and lines (``chart``), rows 2-8 right of the
        place lines: ~3.7 KB of bitmap, made on the press that first shows
        it, between games."""
        from dws_app.lobby.chart import chart, running_totals
        game = self.game
        step = 1
        if self.columns:            # (Dice Wide Shut: its totals every step rounds)
            from dws_core.dws_running import rounds_played
            from dws_core.dws_running import running_totals as totals_by_round
            rounds = rounds_played(game)
            step, lines = totals_by_round(game)
        else:
            rounds = game.rounds
            lines = running_totals(game, rounds)
        x = 2 + self.chart_col * ui.CW
        # (Dice Wide Shut: from the head's row, over the place lines' splits)
        top = ui.LH if self.columns else 0
        y = self.row_y(2) - top
        height = self.row_y(8) + ui.LH - y - 1
        try:
            lines = chart(self.root, x, y, ui.WIDTH + 2 - x, height, lines, rounds, step, top)
        except MemoryError:     # (no block for the bitmap: the view says so)
            lines = self.fixed(self.chart_col, 2, theme.DIM, NO_ROOM)
        head = CHART_HEAD if self.chart_col + len(CHART_HEAD) <= ui.COLS else CHART_SHORT
        self.chart = (self.fixed(self.chart_col, 1, theme.DIM, head), lines)

    def tally_text(self):
        return "".join(label.text for label in self.tally)

    def refresh(self):
        if not self.columns or self.player is None:
            return
        cols = self.game.column_scores(self.player)
        p = self.player
        self.head.text = COLUMNS_HEAD % self.names[p]
        self.head.color = theme.player_colour(p)
        self.red.text = "R" + "".join("%4d" % v for v in cols[:5]) + " =%d" % sum(cols[:5])
        self.blue.text = "B" + "".join("%4d" % v for v in cols[5:]) + " =%d" % sum(cols[5:])

    def show_chart(self, shown):
        """The chart, made when first shown, in place of the tally, the news
        and the tie's line (Dice Wide Shut: of the columns too, over the
        place lines' splits; ``player`` None), or those again."""
        if shown and self.chart is None:
            self.make_chart()
        for text in self.tally + [t for t in (self.news, self.tie, self.head, self.red, self.blue)
                                  if t is not None]:
            text.hidden = shown
        for layer in self.chart or ():
            layer.hidden = not shown

    def on_button(self, name):
        n = self.game.players
        if self.columns and name in ("LEFT", "RIGHT"):
            # the players' columns, then the chart (where the game keeps it)
            stops = n + (1 if 2 in self.views else 0)
            at = n if self.player is None else self.player
            at = (at + (1 if name == "RIGHT" else -1)) % stops
            if (at == n) != (self.player is None):
                self.show_chart(at == n)
            self.player = None if at == n else at
            self.refresh()
        elif len(self.views) > 1 and name in ("LEFT", "RIGHT"):
            self.show_view((self.showing + (1 if name == "RIGHT" else -1)) % len(self.views))
        elif name in ("A", "B", "START"):
            self.app.home()
