"""What the generators of the committed assets share (``tools.art``: the
sprite sheets, ``tools.sounds``: the PyBadge's WAVs): write the files that
differ from what their sources make, or with ``--check`` only say which."""

import sys


def update(repo, built, check, command):
    """Write each file of ``built`` ({path under ``repo``: bytes}) whose
    bytes differ, saying so; with ``check`` write nothing and name the
    stale ones.  The exit status: 1 when ``check`` found one stale."""
    stale = []
    for path, data in built.items():
        target = repo / path
        if target.exists() and target.read_bytes() == data:
            continue
        stale.append(path)
        if not check:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            print("wrote %s (%d bytes)" % (path, len(data)))
    if check and stale:
        print("out of date (%s): %s" % (command, ", ".join(stale)), file=sys.stderr)
        return 1
    return 0
