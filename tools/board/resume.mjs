// Board suite scenario: the power-on after a cut (tools/board/cuts.py boots
// it from the flash a replay left, with its test keys: DWS_TEST_HEAP_LOG).
// Waits for the menu, reads what the store holds ("nvm GAME RECORDS PLAYERS") and
// the notes the menu shows ("note ..."), and with a game to continue presses
// A (Continue is the first item) and waits for the game to be drawn.
// OUT/resume.json: {"nvm": [GAME, RECORDS, PLAYERS], "notes": [...], "screen": NAME}.
import fs from 'fs';

import { CONSOLE_ERROR, lockstepPIO, quiet as quietFor } from './emu.mjs';

export default async function (ctx) {
  lockstepPIO(ctx.pico);
  const quiet = (ms, firstWithin, limit) => quietFor(ctx, ms, firstWithin, limit);
  const waitLine = async (re, timeout, mark) => {
    const limit = ctx.ms + timeout;
    let m;
    while (!(m = re.exec(mark === undefined ? ctx.serial : ctx.since(mark)))) {
      if (CONSOLE_ERROR.test(ctx.serial)) throw new Error('error on the console:\n' + ctx.serial.slice(-2000));
      if (ctx.ms > limit) throw new Error(`waited ${timeout} ms for ${re}`);
      await ctx.run(20);
    }
    return m;
  };
  await waitLine(/heap -?\d+ MenuScreen /, 120000);
  await quiet(300);
  ctx.shot('menu');
  const nvm = /(?:^|\\)nvm ([0-9a-f]{8}) ([0-9a-f]{8}) ([0-9a-f]{8})/m.exec(ctx.serial);  // (after a title escape)
  const notes = [...ctx.serial.matchAll(/^note (.*?)\r?$/gm)].map((m) => m[1]);
  let screen = 'MenuScreen';
  if (nvm && nvm[1] !== '00000000') {
    const m = ctx.mark();
    await ctx.press('A', 60);
    const line = await waitLine(/heap -?\d+ (?!MenuScreen)(\w+) /, 60000, m);
    screen = line[1];
    // (device seats play on at once: the screen is drawn, not quiet, within 0.6 s)
    await quiet(300, 0, 600);
    ctx.shot('resumed');
    if (CONSOLE_ERROR.test(ctx.since(m))) throw new Error('error on the console:\n' + ctx.since(m));
  }
  fs.writeFileSync(ctx.out + '/resume.json', JSON.stringify({
    nvm: nvm ? [nvm[1], nvm[2], nvm[3]] : null, notes, screen }));
  ctx.log(`resume: ${nvm ? nvm[0] : 'no nvm line'}, ${notes.length} notes, ${screen}`);
}
