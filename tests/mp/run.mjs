// Run a Python script under the MicroPython WebAssembly interpreter with
// dws_core/ on its import path.
//
//   node tests/mp/run.mjs SCRIPT.py [--chunks] [--loop] [--with=DIR ...] [--core=DIR]
//
// With --chunks, the script is split at lines that read exactly "#--chunk--"
// and each part runs as its own runPython() call.  The interpreter collects
// garbage only between such calls, so a script measures live heap there.
// With --loop, the chunks after a line "#--loop--" run again and again, in
// order and each its own runPython() call, until one prints a line "#done"
// (at most 100000 rounds).
// Prints the script's stdout; exits 1 with the Python error on failure.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const [script, ...flags] = process.argv.slice(2);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
let done = false;
const mp = await loadMicroPython({
  heapsize: 1024 * 1024,
  stdout: (line) => {
    if (line === "#done") done = true;
    else process.stdout.write(line + "\n");
  },
  stderr: (line) => process.stderr.write(line + "\n"),
  linebuffer: true,
});

function copyTree(src, dst) {
  mp.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src).sort()) {
    const s = path.join(src, name);
    const d = dst + "/" + name;
    if (fs.statSync(s).isDirectory()) {
      if (name !== "__pycache__") copyTree(s, d);
    } else if (name.endsWith(".py") || name.endsWith(".mpy")) {
      mp.FS.writeFile(d, fs.readFileSync(s));
    }
  }
}
// --core=DIR puts DIR (e.g. dws_core compiled to .mpy) in place of dws_core/.
const coreFlag = flags.find((f) => f.startsWith("--core="));
copyTree(coreFlag ? path.resolve(root, coreFlag.slice(7)) : path.join(root, "dws_core"),
         "/app/dws_core");
// --with=DIR (repeatable): also put DIR's .py files under /app/<name of DIR>.
for (const flag of flags.filter((f) => f.startsWith("--with="))) {
  const dir = path.resolve(root, flag.slice(7));
  copyTree(dir, "/app/" + path.basename(dir));
}

const source = fs.readFileSync(script, "utf8");
const split = flags.includes("--chunks") || flags.includes("--loop");
const parts = flags.includes("--loop") ? source.split(/^#--loop--$/m) : [source];
const chunks = split ? parts[0].split(/^#--chunk--$/m) : [source];
const loop = parts.length > 1 ? parts[1].split(/^#--chunk--$/m) : null;
try {
  mp.runPython("import sys\nsys.path.insert(0, '/app')\n");
  for (const chunk of chunks) mp.runPython(chunk);
  for (let i = 0; loop !== null && !done && i < 100000; i++) {
    for (const chunk of loop) if (!done) mp.runPython(chunk);
  }
  if (loop !== null && !done) throw new Error("loop did not finish");
} catch (err) {
  process.stderr.write(String(err.message || err) + "\n");
  process.exit(1);
}
