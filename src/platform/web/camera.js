// The camera and the dice reader in the browser (issue 61). The reader is
// the genius-reader crate (reader/, feature js) built as a wasm module of
// its own into reader/ beside the page (scripts/tools.sh build_reader_web),
// run in a worker of its own (reader/worker.js) so that reading never
// holds up the preview or a tap. The worker starts the first time the
// camera's screen opens, so that the reader and its weights stay out of
// the app's start file; a worker that fails to load (offline before it was
// ever cached) is started again next time. Nothing leaves the phone: frames
// are drawn on a canvas here and read in the worker.
let loaded;

// The reader's worker, once its module is loaded.
function reader() {
  loaded ??= new Promise((resolve, reject) => {
    const worker = new Worker(new URL('reader/worker.js', document.baseURI), { type: 'module' });
    const failed = () => {
      worker.terminate();
      loaded = undefined;
      reject(new Error('the dice reader did not load'));
    };
    worker.onerror = failed;
    worker.onmessage = ({ data }) => {
      if (!data.ready) return failed();
      // A reader that breaks while reading fails the frames it holds and
      // is started afresh for the next one.
      worker.onerror = () => {
        worker.terminate();
        loaded = undefined;
        for (const { reject: fail } of pending.values()) fail(new Error('the dice reader broke'));
        pending.clear();
      };
      worker.onmessage = ({ data: { id, dice } }) => {
        pending.get(id)?.resolve(dice);
        pending.delete(id);
      };
      resolve(worker);
    };
  });
  return loaded;
}

// The frames sent to the worker and not read yet, by id.
const pending = new Map();
let lastId = 0;

// The dice on `pixels` (an ImageData), read in the worker.
async function read(pixels) {
  const worker = await reader();
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage(
      { id, pixels: pixels.data.buffer, width: pixels.width, height: pixels.height },
      [pixels.data.buffer],
    );
  });
}

// Starts loading the reader: resolves to whether it is ready.
export async function load() {
  try {
    await reader();
    return true;
  } catch {
    return false;
  }
}

let stream;

// Opens the back camera into the <video> of id `id`: '' once it shows
// frames, else why not: 'refused', 'absent' or 'failed'.
export async function open(id) {
  close();
  const media = navigator.mediaDevices;
  if (!media || !media.getUserMedia) return 'absent';
  let opened;
  try {
    opened = await media.getUserMedia({
      audio: false,
      video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 960 } },
    });
  } catch (e) {
    const name = e && e.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
    if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
    return 'failed';
  }
  stream = opened;
  const video = document.getElementById(id);
  if (!video) {
    close();
    return 'failed';
  }
  video.srcObject = opened;
  video.muted = true;
  video.playsInline = true;
  try {
    await video.play();
  } catch {
    // Autoplay of a muted stream is allowed; the frames come regardless.
  }
  if (!video.videoWidth) {
    await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
  }
  return stream === opened ? '' : 'failed';
}

// Stops the camera (its light goes off).
export function close() {
  if (stream) for (const track of stream.getTracks()) track.stop();
  stream = undefined;
}

// The reader's longest side for a frame: enough for a die's pips.
const MAX_SIDE = 1600;

// Draws `source` (w×h) on the canvas of id `canvasId` and reads its dice:
// [width, height, then six numbers a die: value, x0, y0, x1, y1, confidence].
async function readOn(source, w, h, canvasId) {
  const canvas = document.getElementById(canvasId);
  if (!canvas || !w || !h) return 'failed';
  const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const dice = await read(pixels);
  const out = new Float32Array(2 + dice.length);
  out[0] = canvas.width;
  out[1] = canvas.height;
  out.set(dice, 2);
  return out;
}

// Reads the camera's current frame.
export async function frame(videoId, canvasId) {
  const video = document.getElementById(videoId);
  if (!video || !stream) return 'failed';
  return readOn(video, video.videoWidth, video.videoHeight, canvasId);
}

// Reads the photo chosen in the file input of id `inputId`.
export async function photo(inputId, canvasId) {
  const input = document.getElementById(inputId);
  const file = input && input.files && input.files[0];
  if (!file) return 'none';
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return 'photo';
  }
  try {
    return await readOn(bitmap, bitmap.width, bitmap.height, canvasId);
  } finally {
    bitmap.close();
    input.value = '';
  }
}
