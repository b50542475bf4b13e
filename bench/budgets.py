"""The product's budgets that ``make bench`` checks (../shared/PRODUCT.md),
in one place: the bench and the tests that assert the same figures read
them here."""

# key -> (budget, what it protects)
BUDGETS = {
    "dws.live_heap_max_bytes": (64 * 1024, "5-player game in 64 KB of heap"),
    "dws.state_bytes_5p": (512, "save state at most 512 bytes"),
    "games.live_heap_max_bytes": (64 * 1024, "every game in 64 KB of heap"),
    "bots.live_heap_max_bytes": (64 * 1024, "5 device-played seats in 64 KB"),
    "store.erases_per_game_dws5_pico": (5, "at most 5 nvm erases per 5-player game on the Pico"),
    "cargo.expert.accepted_certain_losses": (0, "Cargo expert never accepts a certain loss"),
    "stb.last_player_inexact_decisions": (0, "Shut the Box Strong's last-player moves are exactly best"),
    "dws.strong.ended_lost": (0, "Dice Wide Shut Strong never ends a game it loses when it can go on"),
}
