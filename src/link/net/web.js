// The table link's transport in the browser: the genius-net crate (net/)
// built as a wasm module of its own into link/ beside the page
// (scripts/tools.sh build_link_web), so that iroh and its crypto are not in
// the app's start file. Loaded once, the first time a table opens; a
// failed load (offline before it was ever cached) is tried again next time.
let loaded;
// The module once loaded: signatures are asked of it without waiting, by
// phones whose endpoint is open (so it is).
let ready;

function net() {
  loaded ??= (async () => {
    const base = new URL('link/', document.baseURI);
    const module = await import(new URL('genius_net.js', base).href);
    await module.default({ module_or_path: new URL('genius_net_bg.wasm', base) });
    ready = module;
    return module;
  })().catch((e) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}

// Opens an endpoint (see net/src/js.rs): resolves to the module's Endpoint.
export async function bind(relay, key, accept) {
  const module = await net();
  return module.bind(relay, key, accept);
}

// This phone's signature of `message` with its endpoint key `secret`.
export function sign(secret, message) {
  return ready.sign(secret, message);
}

// Whether `signature` is the key `phone`'s of `message`.
export function verify(phone, message, signature) {
  return ready.verify(phone, message, signature);
}
