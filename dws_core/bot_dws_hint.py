"""The Dice Wide Shut hint's plan and words (``dws_core.bots.hint``, by ``bot_dws.HINT_MODULE``):
the Strong seat's plan for the turn, from where the player stands, said in
the screen's words.  Imported only when a human asks, so a game of device
seats keeps only the seats' code (issue 50)."""

from dws_core.bot_dws import _Eval, _enumerate, _onward, rows_done
from dws_core.dws import BLUE, PURPLE


def hint(game):
    """(steps, text) from where the player stands in the turn: the strong
    bot's plan for the whole turn, continued from here when that is worth as
    much; else ("undo",) steps (B) back to where it is, then the plan.
    ``game`` is a copy (it gets undone) that keeps the turn's steps."""
    start = type(game).decode(game.checkpoint()) if game.picked else game
    known = not start.picked
    ev = _Eval(start if known else game, True)
    ev.plain_value = -(1 << 29)     # (the reason: what the end of the game changed)
    if known and True in start.dice_free:
        _enumerate(ev)
    plan = ev.best
    target = ev.best_value if plan else None
    why = _why(ev) if known else ""
    undone = []
    steps = _onward(game, ev, plan, target)
    while steps is None:
        undone.append(game.undo()[0][1])
        steps = _onward(game, ev, plan, target)
    rows_done()
    text = _describe(game, undone, steps)
    if why and len(text) + len(why) <= HINT_CHARS:
        text += why
    return [("undo",)] * len(undone) + steps, text


HINT_CHARS = 45     # what two lines of 26 hold after "Hint: " (the app wraps at words)


def _why(ev):
    """The reason, when weighing the end of the game changed the best
    whole turn: the plan that scores most would end the game and lose it,
    or this one ends it and wins."""
    if ev.race is None or ev.plain is None or ev.plain == ev.best:
        return ""
    if ev.race_value(ev.plain) < 0:
        return ": ending now loses"
    if ev.race_value(ev.best) > 0:
        return ": ends it, winning"
    return ""


COLOURS = ("red", "blue", "purple")


def _describe(game, undone, steps):
    """The hint's words: what to undo first, then the next step."""
    values = game.dice_value
    half = game.colour
    take = ""
    text = "Pass: no dice left"
    for s in steps:
        kind = s[0]
        if kind == "colour":
            half = s[1]
            continue
        if kind == "pick":
            take += ("+" if take else "") + ("purple %d" if game.dice_colour[s[1]] == PURPLE
                                             else "%d") % values[s[1]]
            continue
        if take:
            break
        if kind == "confirm":
            if game.picked:
                text = "End the turn"
            break
        v = values[s[1]]
        six = kind == "six"
        where = "%s row %d" % (COLOURS[s[2] if six else half], (s[3] if six else s[2]) + 1)
        if six:
            text = "Put the 6 by " + where
        elif kind == "protect":
            text = "Spend %s's 6 on the %d" % (where, v)
        else:
            if half == BLUE:
                where = "blue col %d" % (s[3] + 1)
            text = "Mark the %d in %s%s" % (v, where, " (splits)" if game.boards[
                game.current].row_checks(half, s[2]) == 4 else "")
        break
    if take:
        text = "Take " + (take + " as " + COLOURS[half] if take.startswith("p")
                          else COLOURS[half] + " " + take)
        if game.picked:
            text += " too"
    if undone:
        drops = [str(values[s[1]]) for s in undone if s[0] == "pick"]
        text = "Undo: %s, then %s%s" % ("drop " + "+".join(drops) if len(drops) == len(undone)
                                        else "B x%d" % len(undone) if undone[1:] else "B",
                                        text[:1].lower(), text[1:])
    return text
