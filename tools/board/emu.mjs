// What the board suite's scenarios (replay.mjs, resume.mjs) share.

// On the serial console: the app failed.
export const CONSOLE_ERROR = /Traceback|MemoryError|pystack exhausted/;

// Wait up to firstWithin emulated ms for the display to change, then until
// no pixel has been written for ms ms (or, with limit, at most limit ms in
// all: a screen that device seats keep drawing is never quiet).
export async function quiet(ctx, ms, firstWithin = 0, limit = Infinity) {
  const start = ctx.ms;
  const before = ctx.pico.display.pixels;
  while (ctx.pico.display.pixels === before && ctx.ms - start < firstWithin) await ctx.run(10);
  let last = ctx.pico.display.pixels, since = ctx.ms;
  while (ctx.ms - since < ms && ctx.ms - start < limit) {
    await ctx.run(10);
    if (ctx.pico.display.pixels !== last) { last = ctx.pico.display.pixels; since = ctx.ms; }
  }
}

// rp2040js steps the PIO state machines from a setTimeout loop, in wall-clock
// time, apart from the emulated clock: a NeoPixel write (CircuitPython waits
// for the PIO to drain) took ~160 emulated ms.  Here each enabled state
// machine runs one instruction per clock divider's worth of emulated CPU
// cycles, as the RP2040's PIO does: a write of 13 LEDs takes ~2 ms (setting
// up the state machine, then 0.4 ms of bits).
export function lockstepPIO(pico) {
  const pios = pico.mcu.pio;
  for (const pio of pios) pio.run = () => {};
  const core = pico.mcu.core;
  const execute = core.executeInstruction.bind(core);
  const due = new Float64Array(8);
  core.executeInstruction = () => {
    const cycles = execute();
    for (let p = 0; p < pios.length; p++) {
      const pio = pios[p];
      if (pio.stopped) continue;
      const machines = pio.machines;
      for (let m = 0; m < machines.length; m++) {
        const sm = machines[m];
        if (!sm.enabled) continue;
        const div = (sm.clockDivInt || 65536) + sm.clockDivFrac / 256;
        let t = due[p * 4 + m] + cycles;
        while (t >= div) { sm.step(); t -= div; }
        due[p * 4 + m] = t;
      }
      pio.checkChangedPins();
    }
    return cycles;
  };
}

// A diagnostic (environment DWS_EMU_WINDOWS=1): every display window written
// (CASET/RASET then RAMWR) in events.log, "window X0 Y0 X1 Y1", to compare
// what the firmware redraws with the simulator's dirty areas.
export function logWindows(ctx) {
  if (!process.env.DWS_EMU_WINDOWS) return;
  const display = ctx.pico.display;
  const byte = display.byte.bind(display);
  display.byte = (dc, b, nanos) => {
    if (!dc && b === 0x2c) {
      ctx.log(`window ${display.x0} ${display.y0} ${display.x1} ${display.y1}`);
    }
    return byte(dc, b, nanos);
  };
}
