# Every command sets itself up: a local virtual environment from the pinned
# requirements.txt and the MicroPython interpreter from package-lock.json;
# the tests and the board suite also need mkfs.fat and mtools (FAT drive
# images), and the tests the source of the large type's font (xfonts-base),
# installed with apt-get when missing (Debian, Ubuntu).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PY_STAMP := $(VENV)/.installed-requirements
NODE_STAMP := node_modules/.installed-lock

.PHONY: setup fat-tools test test-board test-board-full bench bench-mc play screenshots flash bundle clean

setup: $(PY_STAMP) $(NODE_STAMP)

$(PY_STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

fat-tools:
	@if ! command -v mcopy >/dev/null || ! PATH="$$PATH:/sbin:/usr/sbin" command -v mkfs.fat >/dev/null; then \
	    echo "installing mtools and dosfstools (FAT drive images) with apt-get"; \
	    SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq mtools dosfstools >/dev/null; \
	fi
	@if [ ! -f /usr/share/fonts/X11/misc/9x15B.pcf.gz ]; then \
	    echo "installing xfonts-base (the source of the large type, tools/font.py) with apt-get"; \
	    SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq xfonts-base >/dev/null; \
	fi

test: setup fat-tools
	$(PY) -m pytest

# The board suite: the real CircuitPython firmware in the emulated Pico
# (../shared/pico-emu, or PICO_EMU=dir); writes bench-board.json.
test-board: setup fat-tools
	$(PY) -m tools.board $(ARGS)

test-board-full: setup fat-tools
	$(PY) -m tools.board --full $(ARGS)

bench: setup
	$(PY) -m bench

# Dice Wide Shut's Strong against the Monte Carlo reference (slow: about
# 35 minutes a worker; merges its keys into bench.json).
bench-mc: setup
	$(PY) -m bench.dws_mc $(ARGS)

# The simulator is Python only: no Node (the MicroPython interpreter).
play: $(PY_STAMP)
	$(PY) -m sim $(ARGS)

screenshots: $(PY_STAMP)
	$(PY) -m sim.screenshots

flash: setup
	$(PY) -m tools.flash $(if $(DRIVE),--drive "$(DRIVE)") $(ARGS)

# Zips for makers (dist/): what make flash writes, per board and CircuitPython
# major version; needs CircuitPython's mpy-cross (MPY_CROSS=path or on the PATH).
bundle: setup
	$(PY) -m tools.bundle $(ARGS)

clean:
	rm -rf $(VENV) node_modules out build dist tables bench.json bench-board.json
