"""The last-resort screen after an unexpected exception: a short message and
"press A to restart".  The app shows it from ``App.poll`` (A restarts the app
from the store); code.py shows the bare group when the app cannot even start.
The traceback goes to the serial console only."""

import displayio

from dws_app import theme, ui

# What the screen says when the heap ran out (a MemoryError), and when it
# ran out again in the same game before a new checkpoint (Continue would
# lead back into the same failure).
OUT_OF_MEMORY = "Out of memory. Restart, then Continue brings your game back."
OUT_OF_MEMORY_AGAIN = "Out of memory again at the same point of this game."
KEPT = "Kept as at its last save."


def failed(app, e, low):
    """After an exception inside the app (``App.fail``): the traceback to
    the console only; the game in play saved at its last checkpoint when
    the store does not hold that yet; out of memory (``low``) its modules
    and tables let go too, the save marked (``mark_failed``), and A
    starts a new interpreter (``App.fresh``); then the error screen.  A
    second failure at the same checkpoint says so and A leads to the menu
    (a new interpreter's), where the game waits as it was saved."""
    try:
        import traceback
        traceback.print_exception(e)
    except ImportError:
        print(repr(e))
    table = app.table
    game = table and table.game
    app.game_running(False)
    app.deferred = [None, None]
    app.leds.off()
    if game is not None and not game.over:
        try:
            if game.checkpoint() is not table.saved:
                app.save_game(game)
        except Exception as e2:     # (the store keeps its last complete save)
            print("save not written:", e2)
    app.table = table = None        # (the game, its seats and hand-over: in one step)
    again = False
    if low:                         # the game's tables go too
        app.out_of_memory = True
        from dws_app.memory import collect
        collect()
        if game is not None:
            again = mark_failed(app.store)
    try:
        saved = app.store.has_game()
    except Exception:
        saved = False
    app.stack = []
    message = (OUT_OF_MEMORY_AGAIN if again else OUT_OF_MEMORY) if low else \
        type(e).__name__ + ": " + str(e)
    if again and saved:
        saved = KEPT
    app.push(ErrorScreen(app, message, saved, "Press A for the menu" if again else None))


def mark_failed(store):
    """Mark the store's game save FAILED (``levels.FAILED``: one append,
    its bytes and one more); True when it was marked already, the game
    having run out of memory again before a new checkpoint."""
    from dws_app.levels import FAILED, failed_here
    data = store.game
    if not data:
        return False
    if failed_here(data):
        return True
    try:
        store.save_game(bytes((FAILED,)) + data)
    except Exception as e:          # (the save stays as it was, unmarked)
        print("save not marked:", e)
    return False


def error_group(display, message, saved=True, action=None):
    """A group saying what happened, whether the game is saved (True, or
    the line to say) and "press A to restart" (or ``action``)."""
    scale = 2 if display.width >= 320 else 1
    group = displayio.Group()
    root = displayio.Group(scale=scale)
    group.append(root)
    ui.Text(root, 2, 0, ui.COLS, theme.WARN, "Sorry, something broke.")
    lines = ui.wrap(message, ui.COLS, 4)
    ui.Text(root, 2, 2 * ui.LH, ui.COLS, theme.FG, "\n".join(lines), lines=4)
    ui.Text(root, 2, 7 * ui.LH, ui.COLS, theme.DIM,
            saved if isinstance(saved, str) else "Your game is saved." if saved else "")
    ui.Text(root, 2, 9 * ui.LH, ui.COLS, theme.ACCENT, action or "Press A to restart")
    return group


class ErrorScreen:
    """``error_group`` as a screen of the app's stack: A restarts the app."""

    def __init__(self, app, message, saved, action=None):
        self.app = app
        self.message = message
        self.group = error_group(app.display, message, saved, action)

    def on_show(self):
        pass

    def tick(self, now):
        pass

    def on_button(self, name):
        if name == "A":
            restart(self.app)


def restart(app):
    """Start again from what the store holds (A on the error screen), as a
    power-up would; out of memory, in a new interpreter (``app.fresh``)."""
    if app.out_of_memory and app.fresh is not None:
        app.start_afresh()
    app.out_of_memory = False
    app.game_running(False)
    app.leds.off()
    app.buttons.reset()
    from dws_app.lobby.resume import boot
    boot(app)               # (a power-up's: no game played since its menu)
    app.stack = []          # (what a menu after a game lets go first)
    app.show_blank()
    from dws_app.memory import collect
    collect()
    app.home()
