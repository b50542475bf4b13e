"""Faults seen through the app: damaged or tampered nvm at power-up (a note on
the menu, settings defaults, the save before or "lost" only when no save is
usable; a save that passes its CRC but breaks a rule is found when Continue
decodes it, and the menu says so), saves at every checkpoint and only then,
and an exception inside a screen (error screen, traceback on the console
only, A restarts with the last save still offered)."""

import os
import random

import pytest

from dws_app import store as store_mod
from dws_app import ui
from dws_app.lobby.records_store import default_settings, record_game, save_settings
from dws_app.app import App
from dws_app.lobby.resume import resumable
from dws_app.lobby.error import ErrorScreen
from dws_app.play.game_dws import DwsScreen
from dws_app.lobby.menu import TITLE, MenuScreen
from dws_app.store import HEAD, Store
from dws_core.dws import DiceWideShut
from dws_core.games import decode
from sim.hw import build
from sim.play import dws_step, finish_interludes
from sim.script import Session

PROFILES = ("pybadge", "pico_dice")


def texts(group):
    """Every text shown under a displayio group (its lines, right-trimmed)."""
    from test_app_screens import labels
    return ["\n".join(line.rstrip() for line in t.text.split("\n"))
            for t in labels(group, []) if not t.hidden]


def checkpoints(n, seed=4):
    """``n`` successive checkpoints of a 3-player Dice Wide Shut game."""
    game = DiceWideShut(3, seed=seed)
    rnd = random.Random(seed)
    out = [game.checkpoint()]
    while len(out) < n:
        steps = [s for s in game.legal_steps() if s[0] not in ("drop", "colour")]
        game.step(rnd.choice(steps or game.legal_steps()))
        if game.checkpoint() != out[-1]:
            out.append(game.checkpoint())
    return out


SAVE_1 = []                         # where saved_nvm put save 1 and save 2


def saved_nvm(size=4096):
    """nvm holding settings that are not the defaults (the image), one
    recorded game, then game save 1 and the newer save 2 (the log's last
    record; SAVE_1[0] / [1] are where they start)."""
    nvm = bytearray(b"\xff" * size)
    store = Store(nvm)
    g1, g2 = checkpoints(2)
    save_settings(store, {"brightness": 3, "volume": 0})
    record_game(store, 1, 2, [50, 40], [0])
    SAVE_1[:] = [store.end]
    store.save_game(g1)
    SAVE_1.append(store.end)
    store.save_game(g2)
    return nvm, g1, g2


def tamper(nvm, payload):
    """A newest save that passes the CRC (written by the store itself)."""
    Store(nvm).save_game(payload)


def boot(profile, nvm):
    hw = build(profile, seed=1)
    hw.nvm.data[:] = nvm[:len(hw.nvm)]
    app = App(hw)
    app.start()
    return hw, app


def menu_note(app):
    menu = app.top
    assert isinstance(menu, MenuScreen)
    # the first line: the logo (the title drawn from its sheet) or a text
    logo = menu.logo is not None and not menu.logo.hidden
    title = TITLE if logo else menu.title.shown()
    return " ".join((title + " " + menu.sub.shown()).split())


NO_NOTE = "DICE WIDE SHUT A:open SELECT:help"     # the title and the key hint


def offers_continue(app):
    return app.top.actions[0][0] == "continue"


def continue_note(hw, app):
    """What the menu says of a refused save: at power-up when its game id
    or seat header is not one this app plays, else once Continue decoded
    it (the menu again, its note on top)."""
    if menu_note(app) == NO_NOTE:
        assert offers_continue(app)
        hw.keys.tap("A")
        app.poll()
        assert isinstance(app.top, MenuScreen) and app.table is None
    return menu_note(app)


def resume(hw, app):
    """Press A on Continue; return the game in play."""
    assert offers_continue(app)
    hw.keys.tap("A")
    app.poll()
    while app.pending(app.NEXT_PASS) is not None:    # the passes that build its screens
        app.poll()
    return app.table.game


# ----- damaged and tampered nvm ----------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_intact_store_resumes_the_newest_save_without_a_note(profile):
    nvm, _g1, g2 = saved_nvm()
    hw, app = boot(profile, nvm)
    assert app.notes == []
    assert menu_note(app) == NO_NOTE
    assert app.settings["brightness"] == 3 and app.settings["volume"] == 0
    assert resume(hw, app).encode() == g2


def test_the_menu_offers_a_save_without_decoding_it(monkeypatch):
    """The menu offers Continue from the save's game id; only Continue
    decodes the save, once: decoded at the menu, the names its engine
    interned stayed for whichever game came next (2.2 KB on the board)."""
    import dws_core.games as games
    decoded = []

    def counting(data):
        decoded.append(bytes(data))
        return decode(data)
    monkeypatch.setattr(games, "decode", counting)
    nvm, _g1, g2 = saved_nvm()
    hw, app = boot("pico_dice", nvm)
    assert app.top.menu.items[0] == "Continue Dice Wide Shut"
    assert decoded == []
    assert resume(hw, app).encode() == g2
    assert decoded == [g2]


@pytest.mark.parametrize("profile", PROFILES)
def test_random_bytes_store(profile):
    rnd = random.Random(17)
    nvm = bytearray(rnd.randrange(256) for _ in range(4096))
    hw, app = boot(profile, nvm)
    assert app.settings == default_settings()
    assert hw.display.brightness == default_settings()["brightness"] / 10
    assert not offers_continue(app)
    shown = []
    while app.notes:
        shown.append(menu_note(app))
        hw.keys.tap("DOWN")
        app.poll()
    assert any("Settings" in n and "defaults restored" in n for n in shown), shown
    assert any("Saved game lost" in n for n in shown), shown
    assert menu_note(app) == NO_NOTE
    assert app.last_error is None


@pytest.mark.parametrize("profile", PROFILES)
def test_newest_save_damaged_uses_the_one_before(profile):
    nvm, g1, _g2 = saved_nvm()
    nvm[SAVE_1[1] + 2] ^= 0x55
    hw, app = boot(profile, nvm)
    assert menu_note(app) == "Last save damaged; using an earlier one"
    assert app.top.menu.items[0] == "Continue Dice Wide Shut"
    hw.keys.tap("DOWN")               # any key clears the note (and acts)
    app.poll()
    assert menu_note(app) == NO_NOTE
    hw.keys.tap("UP")
    app.poll()
    assert resume(hw, app).encode() == g1


@pytest.mark.parametrize("profile", PROFILES)
def test_every_save_of_the_game_damaged_game_lost(profile):
    nvm, _g1, _g2 = saved_nvm()
    nvm[SAVE_1[0] + 5] ^= 1          # save 2 is a delta of save 1: both unusable
    hw, app = boot(profile, nvm)
    assert menu_note(app) == "Saved game lost (damaged)"
    assert not offers_continue(app)
    assert app.settings["brightness"] == 3   # the settings were not touched


def broken_rules(g2):
    """Payloads that pass the CRC and some that even decode, but break a rule."""
    over = bytearray(g2)
    over[8] = 1                       # "over" in the middle of the game
    bad_player = bytearray(g2)
    bad_player[7] = 9                 # current player of a 3-player game
    return {"over": bytes(over), "bad player": bytes(bad_player),
            "trailing byte": g2 + b"\x00", "truncated": g2[:-3],
            "unknown game": bytes((200,)) + g2[1:], "no game id": bytes((0,)) + g2[1:]}


@pytest.mark.parametrize("case", sorted(broken_rules(b"x" * 10)))
def test_tampered_newest_save_is_refused(case):
    nvm, _g1, g2 = saved_nvm()
    tampered = broken_rules(g2)[case]
    tamper(nvm, tampered)
    assert Store(nvm).load_game() == (tampered, None)   # the CRC alone accepts it
    hw, app = boot("pybadge", nvm)
    assert continue_note(hw, app) == "Last save unusable; using the one before"
    assert resume(hw, app).encode() == g2
    # Resuming writes nothing: the save before stays the one to resume.
    finish_interludes_app(hw, app)
    assert Store(bytearray(hw.nvm.data)).load_game(resumable)[0] == g2


def finish_interludes_app(hw, app):
    for _ in range(5):
        if type(app.top).__name__ == "PassScreen":
            hw.keys.tap("A")
            app.poll()


def finished_game():
    game = DiceWideShut(2, seed=3)
    rnd = random.Random(3)
    while not game.over:
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        game.step(rnd.choice(steps or game.legal_steps()))
    return game.encode()


def test_save_that_decodes_but_is_over_is_refused():
    nvm, _g1, g2 = saved_nvm()
    done = finished_game()
    assert decode(done).over            # a valid state, but nothing to resume
    tamper(nvm, done)
    hw, app = boot("pybadge", nvm)
    assert continue_note(hw, app) == "Last save unusable; using the one before"
    assert resume(hw, app).encode() == g2


def test_save_of_a_game_without_a_screen_is_refused(monkeypatch):
    """A save this build cannot show (e.g. after installing an older build)
    decodes, but is refused: no Continue, a note."""
    import dws_app.catalog as catalog
    nvm, _g1, g2 = saved_nvm()
    assert decode(g2).GAME_ID == 1
    monkeypatch.setattr(catalog, "GAME_SCREENS",
                        tuple(row for row in catalog.GAME_SCREENS if row[0] != 1))
    hw, app = boot("pico_dice", nvm)
    assert continue_note(hw, app) == "Saved game lost (unusable)"
    assert not offers_continue(app)


def test_both_saves_tampered_game_lost():
    nvm, _g1, g2 = saved_nvm()
    rules = broken_rules(g2)
    tamper(nvm, rules["over"])
    tamper(nvm, rules["bad player"])
    hw, app = boot("pico_dice", nvm)
    assert continue_note(hw, app) == "Saved game lost (unusable)"
    assert not offers_continue(app)


def test_a_record_of_a_newer_kind_ends_the_log():
    """A newer build's record kind (an unknown tag) is not read, nor what
    follows it; the save before it resumes."""
    nvm, _g1, g2 = saved_nvm()
    end = Store(nvm).end
    nvm[end:end + 3] = b"\xb1\x00\x00"
    hw, app = boot("pybadge", nvm)
    assert app.notes == []
    assert resume(hw, app).encode() == g2


@pytest.mark.parametrize("profile", PROFILES)
def test_other_layout_version_resets_with_a_note(profile):
    nvm, _g1, _g2 = saved_nvm()
    nvm[4] = store_mod.LAYOUT_VERSION + 1
    hw, app = boot(profile, nvm)
    notes = list(app.notes)
    assert "Settings from another version were reset" in notes
    assert "Saves from another version were cleared" in notes
    assert app.settings == default_settings()
    assert not offers_continue(app)
    assert menu_note(app) == " ".join(ui.wrap(notes[0], ui.COLS, 2))


@pytest.mark.parametrize("profile", PROFILES)
def test_damaged_settings_take_the_defaults(profile):
    nvm, _g1, g2 = saved_nvm()
    nvm[HEAD + 4] ^= 0xFF             # the settings in the image
    hw, app = boot(profile, nvm)
    assert app.settings == default_settings()
    assert menu_note(app) == "Settings were damaged; defaults restored"
    assert resume(hw, app).encode() == g2       # the game is not affected


def test_out_of_range_setting_is_reset():
    nvm, _g1, _g2 = saved_nvm()
    store = Store(nvm)
    at, n = store.at[store_mod.SETTINGS]
    payload = bytearray(nvm[at:at + n])
    payload[0] = 77                   # brightness 77, in a record with a valid CRC
    store._put(store_mod.SETTINGS, bytes(payload))
    hw, app = boot("pybadge", nvm)
    assert app.settings["brightness"] == default_settings()["brightness"]
    assert app.settings["volume"] == 0
    assert menu_note(app) == "Some settings were reset"


def test_truncated_nvm_file(tmp_path):
    """A simulator nvm file cut short in save 2: the rest reads as erased
    flash, save 2 is damaged and save 1 is resumed."""
    nvm, g1, _g2 = saved_nvm(8192)
    path = os.path.join(str(tmp_path), "nvm.bin")
    with open(path, "wb") as f:
        f.write(bytes(nvm[:SAVE_1[1] + 3]))
    hw = build("pybadge", seed=1, nvm_path=path)
    app = App(hw)
    app.start()
    assert menu_note(app) == "Last save damaged; using an earlier one"
    assert resume(hw, app).encode() == g1


# ----- saves at every checkpoint, and only then ------------------------------


def new_dws(profile, players, seed):
    s = Session(profile, seed=seed)
    s.press("A")
    while s.screen.players != players:
        s.press("RIGHT")
    s.press("DOWN", "DOWN", "DOWN", "A")
    return s


def on_nvm(hw):
    return Store(bytearray(hw.nvm.data)).load_game()[0]


def test_a_new_game_is_saved_by_the_pass_after_its_first_frame():
    """A press that starts a game of two makes the engine and its start
    card; the next passes of the main loop make the seats and build its
    screen under the card (a key pressed then waits); the pass after them
    saves it."""
    s = Session("pico_dice", seed=4)
    s.press("A", "DOWN", "DOWN", "DOWN")          # Dice Wide Shut setup, on "Start game"
    s.hw.keys.tap("A")
    assert s.app.poll() == "A"
    assert s.app.table is not None and type(s.app.top).__name__ == "PassScreen"
    assert on_nvm(s.hw) is None
    s.hw.keys.tap("RIGHT")
    passes = 0
    while s.app.pending(s.app.NEXT_PASS) is not None:
        assert s.app.poll() is None               # the passes under the card take no key
        assert on_nvm(s.hw) is None
        passes += 1
    assert passes >= 2
    assert isinstance(s.app.stack[0], DwsScreen) and s.app.stack[0].game is s.app.table.game
    assert s.app.poll() == "RIGHT"                # then the key, and the save
    assert on_nvm(s.hw) == s.app.table.game.checkpoint()


@pytest.mark.parametrize("profile", PROFILES)
def test_one_write_per_checkpoint_through_a_whole_game(profile):
    s = new_dws(profile, 2, seed=21)
    rnd = random.Random(5)
    game = finish_interludes(s).game
    assert on_nvm(s.hw) == game.checkpoint()
    checkpoints_seen = 1
    game_writes = 0
    while not game.over:
        finish_interludes(s)
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        step = rnd.choice(steps or game.legal_steps())
        before_cp = game.checkpoint()
        writes = s.app.store.stats["writes"]
        dws_step(s, step)
        wrote = s.app.store.stats["writes"] - writes
        if game.over:
            break
        if game.checkpoint() is before_cp:
            assert wrote == 0, step      # nothing irreversible: nothing written
        else:
            checkpoints_seen += 1
            game_writes += wrote
            assert wrote == 1, step
            assert on_nvm(s.hw) == game.checkpoint()
    assert checkpoints_seen > 10 and game_writes == checkpoints_seen - 1
    assert on_nvm(s.hw) is None
    # Back to the menu and into the settings without a change: no write.
    writes = s.app.store.stats["writes"]
    s.press("A", "DOWN", "A", "B")
    assert s.app.store.stats["writes"] == writes


def test_checkpoint_made_outside_the_screen_flow_is_saved():
    """A step applied straight to the engine (as a bot or a new screen might)
    is saved on the next pass of the main loop."""
    s = new_dws("pybadge", 2, seed=8)
    game = finish_interludes(s).game
    rnd = random.Random(1)
    start = game.checkpoint()
    while game.checkpoint() is start:
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        game.step(rnd.choice(steps or game.legal_steps()))
    assert on_nvm(s.hw) == start
    s.app.poll()
    assert on_nvm(s.hw) == game.checkpoint()


@pytest.mark.parametrize("profile", PROFILES)
def test_continue_resumes_same_player_and_dice_without_writing(profile):
    s = new_dws(profile, 3, seed=12)
    rnd = random.Random(9)
    game = finish_interludes(s).game
    for _ in range(12):
        finish_interludes(s)
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        dws_step(s, rnd.choice(steps or game.legal_steps()))
    finish_interludes(s)
    saved = game.checkpoint()
    # Mid-turn steps are not saved: the resume is at the turn's start.
    steps = [st for st in game.legal_steps() if st[0] == "pick"]
    if steps:
        dws_step(s, steps[0])
    writes = s.hw.nvm.data[:]
    hw2 = build(profile, seed=99)
    hw2.nvm.data[:] = writes
    app = App(hw2)
    app.start()
    resumed = resume(hw2, app)
    assert resumed.encode() == saved
    assert resumed.current == game.current and resumed.dice_value == decode(saved).dice_value
    assert type(app.top).__name__ == "PassScreen" and app.top.seat == resumed.current
    hw2.keys.tap("A")
    app.poll()
    assert isinstance(app.top, DwsScreen) and app.top.header.shown().startswith(
        "Player %d " % (resumed.current + 1))
    assert [d.value for d in app.top.dice] == list(resumed.dice_value)
    assert app.store.stats["writes"] == 0


def test_continue_shows_the_hand_over_before_building_the_game_screen():
    """Continue at a player's turn answers with the pass screen alone, in
    the press's own pass: the seats and the game screen are built under it
    in the next passes (which take no key), and A there shows that turn."""
    from dws_app.lobby.resume import seat_resumed
    nvm, _g1, g2 = saved_nvm()
    hw, app = boot("pico_dice", nvm)
    assert offers_continue(app)
    hw.keys.tap("A")
    app.poll()                      # Continue: the save loaded and checked, the hand-over
    assert [type(s).__name__ for s in app.stack] == ["PassScreen"]
    assert app.display.root_group is app.top.group
    assert "Round %d" % (decode(g2).round + 1) in app.top.info.text   # the turn's info
    assert app.pending(app.NEXT_PASS)[0] is seat_resumed and app.table.seats is None
    hw.keys.tap("A")
    passes = 0
    while app.pending(app.NEXT_PASS) is not None:
        app.poll()                  # the seats, then the game screen; the key waits
        passes += 1
    assert passes >= 2 and app.table.seats is not None
    assert [type(s).__name__ for s in app.stack] == ["DwsScreen", "PassScreen"]
    app.poll()
    assert isinstance(app.top, DwsScreen) and app.display.root_group is app.top.group
    assert app.top.header.shown().startswith("Player %d " % (decode(g2).current + 1))


# ----- an exception inside the app -----------------------------------------------


def boom(*_args):
    raise RuntimeError("boom in the screen")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("where", ("buttons", "tick"))
def test_exception_shows_error_screen_and_a_restarts(profile, where, capsys):
    s = new_dws(profile, 2, seed=3)
    game = finish_interludes(s).game
    rnd = random.Random(2)
    start = game.checkpoint()
    while game.checkpoint() is start:        # play to the first confirmed turn
        finish_interludes(s)
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        dws_step(s, rnd.choice(steps or game.legal_steps()))
    finish_interludes(s)
    saved = game.checkpoint()
    assert on_nvm(s.hw) == saved
    nvm_before = bytes(s.hw.nvm.data)
    setattr(s.screen, where, boom)
    s.press("A")
    top = s.app.top
    assert isinstance(top, ErrorScreen)
    assert isinstance(s.app.last_error, RuntimeError)
    shown = "\n".join(texts(top.group))
    assert "Sorry, something broke." in shown
    assert "RuntimeError: boom in the" in shown and "screen" in shown
    assert "Press A to restart" in shown and "Your game is saved." in shown
    assert "Traceback" not in shown and ".py" not in shown
    err = capsys.readouterr().err
    assert "Traceback" in err and "boom in the screen" in err
    assert not s.hw.pixels.shown or all(p == (0, 0, 0) for p in s.hw.pixels.shown)
    for name in ("B", "START", "SELECT", "UP"):
        s.press(name)
        assert s.app.top is top           # only A leaves
    s.press("A")
    assert isinstance(s.app.top, MenuScreen)
    assert s.app.top.menu.items[0] == "Continue Dice Wide Shut"
    assert bytes(s.hw.nvm.data) == nvm_before
    s.press("A")
    assert s.app.table.game.encode() == saved
    assert s.app.last_error is not None and finish_interludes(s).game is s.app.table.game


def play_to_the_error_screen(s, game, rnd):
    """Random Dice Wide Shut steps by buttons until the error screen is up."""
    while not isinstance(s.app.top, ErrorScreen):
        finish_interludes(s)
        steps = [st for st in game.legal_steps() if st[0] not in ("drop", "colour")]
        dws_step(s, rnd.choice(steps or game.legal_steps()))


class FailingNvm(bytearray):
    """An nvm whose writes fail (a flash error) once armed."""
    failing = False

    def __setitem__(self, key, value):
        if self.failing:
            raise OSError(5, "flash write failed")
        bytearray.__setitem__(self, key, value)


def test_failed_nvm_write_keeps_the_last_save():
    s = new_dws("pybadge", 2, seed=6)
    game = finish_interludes(s).game
    nvm = FailingNvm(s.hw.nvm.data)
    s.hw.nvm = nvm
    s.app.store = Store(nvm)
    saved = game.checkpoint()
    nvm.failing = True
    play_to_the_error_screen(s, game, random.Random(4))
    assert isinstance(s.app.last_error, OSError)
    nvm.failing = False
    s.press("A")
    assert isinstance(s.app.top, MenuScreen)
    s.press("A")
    assert s.app.table.game.encode() == saved
