// Preload (`node --import`) for the runtime's second test pass: removes the global `Buffer`
// before any module loads, as in a browser, so the runtime takes its TextEncoder/TextDecoder
// paths. Test files that need Buffer for their own hex helpers import it from `node:buffer`.
delete globalThis.Buffer;
if ('Buffer' in globalThis) throw new Error('without-buffer: could not remove globalThis.Buffer');
