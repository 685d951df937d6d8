// The dice reader in a worker of its own (issue 61): the page hands it a
// frame's RGBA pixels and gets the dice back, so that reading a frame
// (tens of milliseconds on a phone) never holds up the camera's preview or
// a tap. scripts/tools.sh build_reader_web copies this file beside the
// module's glue (reader/ beside the page); src/platform/web/camera.js
// starts it the first time the camera's screen opens.
//
// Messages in: { id, pixels: ArrayBuffer (transferred), width, height }.
// Messages out: { ready: true } once the module is loaded, or
// { ready: false } if it cannot be; then for each frame { id, dice:
// Float32Array (six numbers a die: value, x0, y0, x1, y1, confidence) }.
import init, { read_rgba } from './genius_reader.js';

const ready = init({ module_or_path: new URL('genius_reader_bg.wasm', import.meta.url) }).then(
  () => true,
  () => false,
);
ready.then((ok) => self.postMessage({ ready: ok }));

self.onmessage = async ({ data: { id, pixels, width, height } }) => {
  if (!(await ready)) return;
  const dice = read_rgba(new Uint8Array(pixels), width, height);
  self.postMessage({ id, dice }, [dice.buffer]);
};
