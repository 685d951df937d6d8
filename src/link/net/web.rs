//! The browser's side of the transport: the calls of `genius-net`, made on
//! the objects of its wasm module (net/src/js.rs), which `web.js` loads the
//! first time an endpoint opens. Every wait is a promise of that module.

use genius_net::{Error, Options, Relay};
use js_sys::{Promise, Uint8Array};
use n0_future::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/src/link/net/web.js")]
extern "C" {
    /// Loads the module (once) and opens an endpoint.
    #[wasm_bindgen(js_name = bind)]
    fn js_bind(relay: &str, key: Option<Vec<u8>>, accept: &str) -> Promise;
    /// The module's signature (it is loaded: an endpoint is open).
    #[wasm_bindgen(js_name = sign)]
    fn js_sign(secret: &[u8], message: &[u8]) -> Option<Vec<u8>>;
    #[wasm_bindgen(js_name = verify)]
    fn js_verify(phone: &[u8], message: &[u8], signature: &[u8]) -> bool;
}

/// This phone's ed25519 signature of `message` with its endpoint key, made
/// by the transport's module (the app's own wasm has no curve arithmetic).
pub fn sign(secret: &[u8; 32], message: &[u8]) -> [u8; 64] {
    js_sign(secret, message)
        .and_then(|s| s.try_into().ok())
        .unwrap_or([0; 64])
}

/// Whether `signature` is the key `phone`'s signature of `message`.
pub fn verify(phone: &[u8; 32], message: &[u8], signature: &[u8; 64]) -> bool {
    js_verify(phone, message, signature)
}

#[wasm_bindgen]
extern "C" {
    #[derive(Clone)]
    type JsEndpoint;
    #[wasm_bindgen(method)]
    fn online(this: &JsEndpoint, ms: u32) -> Promise;
    #[wasm_bindgen(method)]
    fn id(this: &JsEndpoint) -> String;
    #[wasm_bindgen(method)]
    fn relay(this: &JsEndpoint) -> Option<String>;
    #[wasm_bindgen(method)]
    fn key(this: &JsEndpoint) -> Vec<u8>;
    #[wasm_bindgen(method, catch)]
    fn host_addr(
        this: &JsEndpoint,
        host: &str,
        relay: Option<String>,
        addrs: &str,
    ) -> Result<JsHostAddr, JsValue>;
    #[wasm_bindgen(method)]
    fn accept(this: &JsEndpoint) -> Promise;
    #[wasm_bindgen(method)]
    fn set_alpns(this: &JsEndpoint, accept: &str);
    #[wasm_bindgen(method)]
    fn connect(this: &JsEndpoint, host: &JsHostAddr, offered: &str, ms: u32) -> Promise;
    #[wasm_bindgen(method)]
    fn close(this: &JsEndpoint) -> Promise;

    #[derive(Clone)]
    type JsHostAddr;

    type JsIncoming;
    #[wasm_bindgen(method)]
    fn handshake(this: &JsIncoming, ms: u32) -> Promise;

    type JsAccepting;
    #[wasm_bindgen(method)]
    fn alpn(this: &JsAccepting) -> String;
    #[wasm_bindgen(method, js_name = accept)]
    fn accept_accepting(this: &JsAccepting, ms: u32) -> Promise;

    type JsOpened;
    #[wasm_bindgen(method)]
    fn connection(this: &JsOpened) -> JsConnection;
    #[wasm_bindgen(method)]
    fn send(this: &JsOpened) -> JsSend;
    #[wasm_bindgen(method)]
    fn recv(this: &JsOpened) -> JsRecv;

    #[derive(Clone)]
    type JsConnection;
    #[wasm_bindgen(method)]
    fn closed(this: &JsConnection) -> Promise;
    #[wasm_bindgen(method, js_name = close)]
    fn close_connection(this: &JsConnection, reason: Vec<u8>);
    #[wasm_bindgen(method)]
    fn remote_id(this: &JsConnection) -> String;

    type JsSend;
    #[wasm_bindgen(method)]
    fn write_all(this: &JsSend, bytes: Vec<u8>) -> Promise;
    #[wasm_bindgen(method)]
    fn finish(this: &JsSend);
    #[wasm_bindgen(method)]
    fn stopped(this: &JsSend) -> Promise;

    type JsRecv;
    #[wasm_bindgen(method)]
    fn read(this: &JsRecv) -> Promise;
}

/// What a promise of the module resolved to (nothing if it was rejected).
async fn wait(promise: Promise) -> Option<JsValue> {
    JsFuture::from(promise)
        .await
        .ok()
        .filter(|value| !value.is_undefined())
}

/// The module's errors are strings that start with their kind (see
/// net/src/js.rs); anything else is the module failing to load.
fn error(e: JsValue) -> Error {
    let Some(text) = e.as_string() else {
        return Error::Bind("the table link's module could not be loaded".to_string());
    };
    match text.split_once(": ") {
        Some(("relay", url)) => Error::BadRelay(url.to_string()),
        Some(("bind", why)) => Error::Bind(why.to_string()),
        _ if text == "address" => Error::BadAddress,
        _ if text == "offline" => Error::Offline,
        _ => Error::Bind(text),
    }
}

/// This phone's endpoint. Cloning it gives another handle to the same one.
#[derive(Clone)]
pub struct Endpoint(JsEndpoint);

/// Where a host is: its key, its relay, its direct addresses.
#[derive(Clone)]
pub struct HostAddr(JsHostAddr);

/// A guest knocking: [`Incoming::handshake`] goes on with its handshake
/// until its ALPN is known.
pub struct Incoming(JsIncoming);

/// A guest whose handshake said its ALPN: [`Accepting::accept`] completes
/// it (dropped, it is turned away).
pub struct Accepting {
    js: JsAccepting,
    alpn: Vec<u8>,
}

/// A connection to another phone. Cloning it gives another handle.
#[derive(Clone)]
pub struct Connection(JsConnection);

/// The sending half of a connection's stream.
pub struct SendStream(JsSend);

/// The receiving half of a connection's stream, with the read under way
/// if a caller stopped waiting for it: the next read takes it up, so that
/// no bytes are lost.
pub struct RecvStream {
    js: JsRecv,
    pending: Option<JsFuture>,
}

fn opened(value: JsValue) -> (Connection, SendStream, RecvStream) {
    let opened = JsOpened::from(value);
    (
        Connection(opened.connection()),
        SendStream(opened.send()),
        RecvStream {
            js: opened.recv(),
            pending: None,
        },
    )
}

fn millis(duration: Duration) -> u32 {
    u32::try_from(duration.as_millis()).unwrap_or(u32::MAX)
}

/// ALPNs as they cross to the module: ASCII, one a line.
fn lines(alpns: &[Vec<u8>]) -> String {
    let alpns: Vec<String> = alpns
        .iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    alpns.join("\n")
}

impl Endpoint {
    /// Opens an endpoint, which takes connections of the ALPNs `accept`
    /// names, preferred first (a host's; a guest's takes none). A browser
    /// only has the relay.
    pub async fn bind(options: &Options, accept: &[Vec<u8>]) -> Result<Endpoint, Error> {
        let relay = match &options.relay {
            Relay::Public => "public",
            Relay::Own(url) => url.as_str(),
            Relay::Disabled => "none",
        };
        let key = options.key.map(|key| key.to_vec());
        let endpoint = JsFuture::from(js_bind(relay, key, &lines(accept)))
            .await
            .map_err(error)?;
        Ok(Endpoint(endpoint.into()))
    }

    /// Waits until the relay answers, at most `wait`.
    pub async fn online(&self, wait: Duration) -> Result<(), Error> {
        JsFuture::from(self.0.online(millis(wait)))
            .await
            .map(|_| ())
            .map_err(error)
    }

    /// The endpoint's public key, 64 hex digits.
    pub fn id(&self) -> String {
        self.0.id()
    }

    /// The relay this endpoint is reachable through, once online.
    pub fn relay(&self) -> Option<String> {
        self.0.relay()
    }

    /// A browser has no direct addresses.
    pub fn ip_addrs(&self) -> Vec<String> {
        Vec::new()
    }

    /// The endpoint's secret key: the same identity after a restart.
    pub fn key(&self) -> [u8; 32] {
        self.0.key().try_into().unwrap_or([0; 32])
    }

    /// Reads where a host is, from its ticket's key, relay and addresses.
    pub fn host_addr(
        &self,
        host: &str,
        relay: Option<&str>,
        addrs: &[String],
    ) -> Result<HostAddr, Error> {
        self.0
            .host_addr(host, relay.map(str::to_string), &addrs.join(","))
            .map(HostAddr)
            .map_err(error)
    }

    /// The next guest knocking; none once the endpoint is closed.
    pub async fn accept(&self) -> Option<Incoming> {
        wait(self.0.accept())
            .await
            .map(|value| Incoming(value.into()))
    }

    /// Takes connections of these ALPNs from now on, preferred first.
    pub fn set_alpns(&self, alpns: &[Vec<u8>]) {
        self.0.set_alpns(&lines(alpns));
    }

    /// Dials a host offering `alpns` (the host chooses one) and opens the
    /// connection's stream, at most for `wait`.
    pub async fn connect(
        &self,
        host: &HostAddr,
        alpns: &[Vec<u8>],
        wait_at_most: Duration,
    ) -> Option<(Connection, SendStream, RecvStream)> {
        wait(self.0.connect(&host.0, &lines(alpns), millis(wait_at_most)))
            .await
            .map(opened)
    }

    /// Closes the endpoint and its connections.
    pub async fn close(&self) {
        wait(self.0.close()).await;
    }
}

impl Incoming {
    /// Goes on with the handshake until the guest's ALPN is known, at most
    /// for `wait_at_most`.
    pub async fn handshake(self, wait_at_most: Duration) -> Option<Accepting> {
        let js = JsAccepting::from(wait(self.0.handshake(millis(wait_at_most))).await?);
        let alpn = js.alpn().into_bytes();
        Some(Accepting { js, alpn })
    }
}

impl Accepting {
    /// The ALPN the handshake agreed on.
    pub fn alpn(&self) -> &[u8] {
        &self.alpn
    }

    /// Completes the handshake and takes the stream the guest opens, at
    /// most for `wait_at_most`.
    pub async fn accept(
        self,
        wait_at_most: Duration,
    ) -> Option<(Connection, SendStream, RecvStream)> {
        wait(self.js.accept_accepting(millis(wait_at_most)))
            .await
            .map(opened)
    }
}

impl Connection {
    /// Waits until the connection is closed.
    pub async fn closed(&self) {
        wait(self.0.closed()).await;
    }

    /// Closes the connection, telling the other side why.
    pub fn close(&self, reason: &[u8]) {
        self.0.close_connection(reason.to_vec());
    }

    /// The other phone's key, 64 hex digits, as the handshake
    /// authenticated it.
    pub fn remote_id(&self) -> String {
        self.0.remote_id()
    }
}

impl SendStream {
    /// Sends all of `bytes`; false if the stream is gone.
    pub async fn write_all(&mut self, bytes: &[u8]) -> bool {
        wait(self.0.write_all(bytes.to_vec()))
            .await
            .is_some_and(|sent| sent.is_truthy())
    }

    /// Ends the stream: the other side reads to its end.
    pub fn finish(&mut self) {
        self.0.finish();
    }

    /// Waits until the other side has read everything.
    pub async fn stopped(&mut self) {
        wait(self.0.stopped()).await;
    }
}

impl RecvStream {
    /// The next bytes; none at the stream's end or when the connection is
    /// gone. Cancel-safe: the read under way is kept for the next call.
    pub async fn read(&mut self) -> Option<Vec<u8>> {
        let js = &self.js;
        let pending = self
            .pending
            .get_or_insert_with(|| JsFuture::from(js.read()));
        let result = pending.await;
        self.pending = None;
        result
            .ok()
            .filter(|value| !value.is_undefined())
            .map(|bytes| Uint8Array::from(bytes).to_vec())
    }
}
