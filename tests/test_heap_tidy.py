"""The main loop collects the heap right after a press's frame once the app
has allocated GC_EVERY_BYTES since the last collection, so the firmware's own
collection (when the heap runs out) does not land inside a later press."""
import gc

import dws_app.app as app_mod
from sim.script import Session


def test_a_collection_follows_a_press_once_enough_was_allocated(monkeypatch):
    s = Session("pico_dice", seed=1)
    app = s.app
    allocated = [50000]
    collected = []

    def collect():
        collected.append(allocated[0])
        allocated[0] = 40000

    monkeypatch.setattr(gc, "mem_alloc", lambda: allocated[0], raising=False)
    monkeypatch.setattr(gc, "collect", collect)
    app.gc_alloc = 40000
    allocated[0] = 40000 + app_mod.GC_EVERY_BYTES         # not more: no collection
    app.tidy_heap()
    assert collected == []
    allocated[0] += 1
    app.tidy_heap()
    assert collected == [40001 + app_mod.GC_EVERY_BYTES] and app.gc_alloc == 40000
    app.tidy_heap()                                     # nothing new since
    assert len(collected) == 1


def test_without_mem_alloc_nothing_is_collected(monkeypatch):
    s = Session("pico_dice", seed=1)
    monkeypatch.delattr(gc, "mem_alloc", raising=False)
    calls = []
    monkeypatch.setattr(gc, "collect", lambda: calls.append(1))
    s.app.tidy_heap()
    assert calls == []
