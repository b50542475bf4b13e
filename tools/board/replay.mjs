// Board suite scenario for ../shared/pico-emu/run.mjs: replay a plan that
// tools/board/record.py recorded on the simulator (env BOARD_PLAN: its JSON).
//
// The app on the drive prints "heap FREE WHERE MS" at every screen change and
// checkpoint (settings.toml DWS_TEST_HEAP_LOG = 1).  After each press this
// waits until the board has printed as many of those lines as the simulator
// did, then until the display is quiet, so a press never lands in a device
// turn.  More lines than recorded means the board took another path: fail.
// A Traceback on the console fails at once.  Item ["wait", MS] lets MS
// emulated ms pass; item ["cut"] ends the run there (with --dump-flash: a
// power cut); item ["battery", MV, LINES, RAW] sets the ADC channel of
// board.VOLTAGE_MONITOR (GP29) to RAW (12 bits: the cells at MV) and waits,
// as after a press, for the LINES the readings print (the gauge's level,
// the empty battery's screen); the plan's "adc" is that channel from the
// power-on (0: no battery measured, the gauge hidden).
//
// Env BOARD_CUTS (JSON {"items": [[ITEM, MS], ...], "pages": [K, ...],
// "drive_pages": [D, ...]}) takes power cuts without ending the run: the
// whole flash as it is at that instant goes to OUT/cut-N.bin (the next
// power-on boots from it, tools/board/cuts.py), MS emulated ms after the
// press of plan item ITEM starts ("press"), inside every erase of the nvm
// sector once K of its 16 pages have been programmed again ("window": the
// nvm is blank from its first page up), and inside every erase of a sector
// of the CIRCUITPY drive once D of its pages have been programmed again
// ("drive": the firmware writes any 512-byte drive block by erasing its 4 KB
// sector and programming all 16 pages, so the sector's other 7 blocks are
// blank until then); with "max_erases": N only the first N nvm erases and
// the drive writes before them are cut; with "writes": [ITEM, ...], before
// each page the nvm programs between plan item ITEM's press and the next
// press ("write": inside that press's saves, a record written in part: a
// name change, a records update), at most WRITE_CUTS an item.  OUT/cuts.json
// says, per cut, how many "nvm GAME RECORDS PLAYERS" lines the app had
// printed and whether the nvm or the drive was written after the last of
// them (a save under way).
import fs from 'fs';

import { CONSOLE_ERROR, lockstepPIO, logWindows, quiet as quietFor } from './emu.mjs';

const NVM_START = 0xff000;
const DRIVE_START = 0x100000;
const ERASE_BYTES = { 0x20: 0x1000, 0x52: 0x8000, 0xd8: 0x10000 };   // sector, 32 KB, 64 KB block

const PRESS_MS = Number(process.env.BOARD_PRESS_MS || 60);
const STEP_TIMEOUT_MS = Number(process.env.BOARD_STEP_TIMEOUT_MS || 600000);
const QUIET_LIMIT_MS = 120000;

export default async function (ctx) {
  lockstepPIO(ctx.pico);
  logWindows(ctx);
  const plan = JSON.parse(fs.readFileSync(process.env.BOARD_PLAN, 'utf8'));
  let seen = 0;            // console characters already checked
  const count = () => (ctx.serial.match(/heap -?\d+ /g) || []).length;
  const check = () => {
    // The error screen's tests raise on purpose (settings.toml DWS_TEST_FAIL,
    // and DWS_TEST_SAVE_OOM: a save out of memory; the save the error
    // handler tries again prints "save not written: test key ...").  The
    // text looked at starts 200 characters before the last look: inside
    // such a traceback, its last line alone.
    const text = ctx.serial.slice(Math.max(0, seen - 200))
      .replace(/Traceback[^]*?RuntimeError: test key DWS_TEST_FAIL/g, '')
      .replace(/Traceback[^]*?MemoryError: test key DWS_TEST_SAVE_OOM/g, '')
      .replace(/MemoryError: test key DWS_TEST_SAVE_OOM/g, '');
    // A traceback still being printed is judged once its last line is in
    // (the test's own was cut at "line 321" once and failed the run).
    const last = text.lastIndexOf('Traceback (most recent call last)');
    if (last >= 0 && !/\n[A-Za-z_.]*(Error|Exception|Interrupt)\b[^\n]*\n/.test(text.slice(last))) {
      return;
    }
    if (CONSOLE_ERROR.test(text)) {
      ctx.shot('fail');
      throw new Error('error on the console:\n' + ctx.serial.slice(-2000));
    }
    seen = ctx.serial.length;
  };
  // A display that never goes quiet is an error too (a screen raised again
  // in every pass once, and the run waited for its screenshot until the
  // wall-clock limit, 50 minutes): the console is judged, then the run stops.
  const quiet = async (ms, firstWithin) => {
    const start = ctx.ms;
    await quietFor(ctx, ms, firstWithin, QUIET_LIMIT_MS);
    check();
    if (ctx.ms - start >= QUIET_LIMIT_MS) {
      ctx.shot('fail');
      throw new Error(`the display was never still for ${ms} ms in ${QUIET_LIMIT_MS} ms`);
    }
  };
  async function lines(want, timeout, more = false) {
    const limit = ctx.ms + timeout;
    while (count() < want) {
      check();
      if (ctx.ms > limit) {
        ctx.shot('fail');
        throw new Error(`waited ${timeout} ms for console line ${want}, have ${count()}`);
      }
      await ctx.run(20);
    }
    check();
    if (count() > want && !more) {
      ctx.shot('fail');
      throw new Error(`the board printed ${count()} lines where the simulator printed ${want}: ` +
                      'it took another path');
    }
  }

  // Timings, in emulated ms: power-on to the menu's last pixel, and each
  // press to the last pixel of its answer ("move": no screen change or save;
  // "open": one or more), with the pixels it drew.  Written to OUT/replay.json.
  // (the display model stamps every pixel written: exact, however the run is cut in chunks)
  let lastPixelMs = 0, pixels = ctx.pico.display.pixels;
  const track = () => {
    const display = ctx.pico.display;
    if (display.pixels !== pixels) { pixels = display.pixels; lastPixelMs = display.lastWriteNanos / 1e6; }
  };
  const run = ctx.run.bind(ctx);
  ctx.run = async (ms) => { await run(ms); track(); };
  const cutter = cuts(ctx);
  const presses = [];
  const ADC_BATTERY = 3;     // GP29
  ctx.pico.mcu.adc.channelValues[ADC_BATTERY] = plan.adc || 0;
  let want = plan.boot_lines;
  await lines(want, 300000);
  await quiet(300, 0);
  const bootMs = lastPixelMs;
  const save = () => fs.writeFileSync(ctx.out + '/replay.json',
    JSON.stringify({ boot_ms: bootMs, presses }));
  ctx.log(`replay: booted, menu drawn at ${bootMs} ms, ${plan.items.length} items`);
  let restarting = false;   // the last press began a new interpreter: this one lands in its start
  for (const [index, item] of plan.items.entries()) {
    const kind = item[0];
    if (kind === 'key' || kind === 'battery') cutter.arm(index);
    if (kind === 'key') {
      const start = ctx.ms;
      const before = lastPixelMs;
      const pixelsBefore = ctx.pico.display.pixels;
      const cutAt = cutter.at(index);
      const landed = restarting;
      restarting = false;
      if (item[3] === 'wake' && !/(^|\n)sleep \d+/.test(ctx.serial)) {
        ctx.shot('fail');
        throw new Error('a wake press, but the board has not fallen asleep ("sleep" on the console)');
      }
      await ctx.press(item[1], PRESS_MS);
      if (cutAt !== undefined) {
        await ctx.run(Math.max(0, start + cutAt - ctx.ms));
        cutter.take('press', { item: index });
      }
      if (item[3] === 'fresh' || item[3] === 'card') {
        // The answer (the menu, drawn with its line before the interpreter
        // starts afresh; a start card that goes on by itself) is an open;
        // the whole, to the new run's menu, is the card's game (card).
        await lines(want + item[4], STEP_TIMEOUT_MS, true);
        presses.push(['open', lastPixelMs - start, item[4], ctx.pico.display.pixels - pixelsBefore]);
        const next = plan.items[index + 1];
        if (item[3] === 'fresh' && item[4] > 0 && next !== undefined && next[0] === 'key' &&
            cutAt === undefined) {
          // A new interpreter starts once that menu is drawn: the next
          // press comes at once, while it starts (fresh: the press to the
          // last pixel of its answer, which the new run draws).  (Not when
          // the press itself starts it, nothing drawn: the error screen's
          // A; a second A at once would be one long press on the pin.)
          want += item[2];
          restarting = true;
          continue;
        }
      }
      want += item[2];
      // Before a cut the device may play on (a plan cut short): more lines are fine.
      const next = plan.items[index + 1];
      await lines(want, STEP_TIMEOUT_MS, next !== undefined && next[0] === 'cut');
      await quiet(40, item[2] ? 0 : 200);
      if (lastPixelMs !== before && cutAt === undefined) {
        // (a fresh item the plan follows with no key: restart, the press to
        // the new run's menu)
        const named = item[3] === 'fresh' ? 'restart' : item[3];
        presses.push([landed ? 'fresh' : named || (item[2] ? 'open' : 'move'), lastPixelMs - start,
          item[2], ctx.pico.display.pixels - pixelsBefore]);
      }
    } else if (kind === 'battery') {
      ctx.pico.mcu.adc.channelValues[ADC_BATTERY] = item[3];
      const start = ctx.ms;
      for (const cutAt of cutter.all(index)) {
        await ctx.run(Math.max(0, start + cutAt - ctx.ms));
        cutter.take('press', { item: index });
      }
      want += item[2];
      await lines(want, STEP_TIMEOUT_MS);
      await quiet(40, 200);
    } else if (kind === 'wait') {
      await ctx.run(item[1]);
      check();
    } else if (kind === 'shot') {
      await quiet(200, 0);
      ctx.shot(item[1]);
    } else if (kind === 'cut') {
      ctx.log('replay: power cut');
      save();
      return;
    } else {
      throw new Error('unknown plan item ' + JSON.stringify(item));
    }
  }
  await quiet(300, 0);
  await ctx.run(500);
  check();
  if (count() !== want) throw new Error(`ended with ${count()} console lines, expected ${want}`);
  save();
  ctx.log('replay: done');
}

function cuts(ctx) {
  // Power cuts taken on the way (BOARD_CUTS, above); each is the flash as
  // it is at that instant, so one replay gives many.
  const spec = JSON.parse(process.env.BOARD_CUTS || '{"items": [], "pages": []}');
  const drivePages = spec.drive_pages || [];
  const maxErases = spec.max_erases || Infinity;   // the nvm erases cut (CI's time)
  const WRITE_CUTS = 8;              // "writes": the pages cut after one item's press
  const writes = new Set(spec.writes || []);
  let armed = null, armedCuts = 0;   // the item whose writes are cut, and how many were
  const atItem = new Map();          // plan item -> its press cuts' offsets, in order
  for (const [item, ms] of spec.items) atItem.set(item, (atItem.get(item) || []).concat([ms]).sort((a, b) => a - b));
  const out = [];
  let scanned = 0, lines = 0;        // "nvm ..." lines printed so far
  let writtenAfter = -1;             // lines printed when the nvm or the drive was last written
  let erases = 0, pages = -1;        // nvm erases; pages programmed since the last one
  let driveErases = 0, erased = null;  // drive erases; the last one's {start, end, pages}
  const nvmLines = () => {
    const text = ctx.serial;
    let i;
    while ((i = text.indexOf('\n', scanned)) >= 0) {
      if (/(^|\\)nvm [0-9a-f]{8} /.test(text.slice(scanned, i))) lines++;  // (after a title escape)
      scanned = i + 1;
    }
    return lines;
  };
  const take = (kind, extra) => {
    const n = out.length;
    fs.writeFileSync(`${ctx.out}/cut-${n}.bin`, ctx.pico.mcu.flash.subarray(0, 2 * 1024 * 1024));
    const seen = nvmLines();
    out.push({ n, kind, ms: Math.round(ctx.ms), lines: seen, busy: writtenAfter === seen, ...extra });
    fs.writeFileSync(`${ctx.out}/cuts.json`, JSON.stringify(out));
    ctx.log(`replay: power cut ${n} (${kind}) ${JSON.stringify(extra)}`);
  };
  const ssi = ctx.pico.ssi;
  const respond = ssi.respond.bind(ssi);
  ssi.respond = (b) => {
    const t = ssi.txn, i = t.length;
    if (ssi.cs === 'low' && i > 0) {
      const addr = i >= 3 ? ((t[1] << 16) | (t[2] << 8) | (i === 3 ? b : t[3])) : -1;
      const size = ERASE_BYTES[t[0]];
      if (size && i === 3) {
        const start = addr & ~(size - 1);
        if (t[0] === 0x20 && start === NVM_START) {
          erases++;
          pages = 0;
          writtenAfter = nvmLines();
        } else if (start >= DRIVE_START) {
          driveErases++;
          erased = { start, end: start + size, pages: 0 };
          writtenAfter = nvmLines();
        }
      } else if (t[0] === 0x02 && i === 4 && (addr & ~0xfff) === NVM_START) {
        writtenAfter = nvmLines();
        if (armed !== null && armedCuts < WRITE_CUTS) {
          armedCuts++;
          take('write', { item: armed, page: armedCuts, addr });
        }
        if (pages >= 0) {
          if (spec.pages.includes(pages) && erases <= maxErases) {
            take('window', { erase: erases, pages });
          }
          pages = pages + 1 < 16 ? pages + 1 : -1;
        }
      } else if (t[0] === 0x02 && i === 4 && addr >= DRIVE_START) {
        writtenAfter = nvmLines();
        if (erased && addr >= erased.start && addr < erased.end) {
          if (drivePages.includes(erased.pages) && erases < maxErases) {   // (before its nvm erase)
            take('drive', { erase: driveErases, sector: erased.start, pages: erased.pages });
          }
          if (++erased.pages * 256 >= erased.end - erased.start) erased = null;
        }
      }
    }
    return respond(b);
  };
  return {
    arm: (index) => { armed = writes.has(index) ? index : null; armedCuts = 0; },
    at: (index) => (atItem.get(index) || [])[0],
    all: (index) => atItem.get(index) || [],
    take,
  };
}
