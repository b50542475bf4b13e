// What the board suite's scenarios (replay.mjs, resume.mjs) share.

// On the serial console: the app failed.
export const CONSOLE_ERROR = /Traceback|MemoryError|pystack exhausted/;

// Wait up to firstWithin emulated ms for the display to change, then until
// no pixel has been written for ms ms.
export async function quiet(ctx, ms, firstWithin = 0) {
  const start = ctx.ms;
  const before = ctx.pico.display.pixels;
  while (ctx.pico.display.pixels === before && ctx.ms - start < firstWithin) await ctx.run(10);
  let last = ctx.pico.display.pixels, since = ctx.ms;
  while (ctx.ms - since < ms) {
    await ctx.run(10);
    if (ctx.pico.display.pixels !== last) { last = ctx.pico.display.pixels; since = ctx.ms; }
  }
}
