// A scenario of tools/board/floor.py's run_code: the PIO stepped with the
// emulated clock (emu.mjs), until code.py prints "FLOOR done".
import { lockstepPIO } from './emu.mjs';

export default async function (ctx) {
  lockstepPIO(ctx.pico);
  await ctx.waitFor(/FLOOR done/, 600000);
}
