// Preload (`node --import`) for the runtime's second test pass: hides the global `Buffer` from
// our code before any module loads, as in a browser, so the runtime takes its
// TextEncoder/TextDecoder paths. Test files that need Buffer for their own hex helpers import it
// from `node:buffer`.
//
// Hidden rather than deleted: on Node 22+ tsx's loader runs on the main thread (module.registerHooks)
// and reads the global Buffer for every module it loads; on Node 20 it ran in a loader thread of
// its own. So the global stays for code under node_modules (tsx, esbuild, uvu) and reads as
// undefined for everything else: `globalThis.Buffer?.prototype…`, which is how the runtime looks
// for it, then finds nothing.
const realBuffer = globalThis.Buffer;

/** Whether the code reading `globalThis.Buffer` is a dependency's (its frame under node_modules). */
function readByDependency() {
  const holder = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 3;
  Error.captureStackTrace(holder, readByDependency);
  Error.stackTraceLimit = limit;
  // Frames: the getter, then its caller.
  const caller = String(holder.stack).split('\n')[2] ?? '';
  return caller.includes('/node_modules/') || caller.includes('node:');
}

Object.defineProperty(globalThis, 'Buffer', {
  configurable: true,
  enumerable: false,
  get: () => (readByDependency() ? realBuffer : undefined),
  set: () => {
    throw new Error('without-buffer: the test pass without Buffer does not let code set globalThis.Buffer');
  },
});
if (globalThis.Buffer !== undefined) throw new Error('without-buffer: could not hide globalThis.Buffer');
