"""A new seat against the one it improves on, measured the same way for
every game (issue 33): the seat rotating from game to game (game k: seat k
mod players), a shared win counting 1/k for each of the k winners, and
each game played again with the old seat in its place (same seed: the same
dice until the two play differently), whose paired difference needs far
fewer games to tell a gain of a point from nothing."""
import math


def mean_ci(points):
    """The mean and its 95% interval (normal approximation)."""
    mean = sum(points) / len(points)
    var = sum((x - mean) ** 2 for x in points) / (len(points) - 1)
    half = 1.96 * math.sqrt(var / len(points))
    return mean, mean - half, mean + half


def paired(key, players, first_seed, games, play):
    """``<key>.win_share_<n>p`` and ``<key>.gain_<n>p`` with their 95%
    intervals (``_ci95_low`` / ``_high``) over ``games`` games;
    ``play(seat, new, seed, k)`` plays game k (seed ``seed``) with the seat
    played by the new level (``new``) or the old one, and returns its win
    share."""
    shares = []
    gains = []
    for k in range(games):
        seat = k % players
        got = play(seat, True, first_seed + k, k)
        shares.append(got)
        gains.append(got - play(seat, False, first_seed + k, k))
    out = {}
    for name, points in (("win_share", shares), ("gain", gains)):
        mean, low, high = mean_ci(points)
        name = "%s.%s_%dp" % (key, name, players)
        out[name] = round(mean, 4)
        out[name + "_ci95_low"] = round(low, 4)
        out[name + "_ci95_high"] = round(high, 4)
    return out
