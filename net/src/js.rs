//! The transport for the app in the browser, as a wasm module of its own
//! (`genius_net.js` beside the app's files, built with
//! `wasm-bindgen --target web`). The app's side is `src/link/net/web.rs`:
//! the same calls, made on these objects.
//!
//! Every call that waits returns a promise. A stream's half is lent to one
//! call at a time (the app never makes two at once on the same half).

use crate::{Endpoint as Net, Error, Options, Relay};
use n0_future::time::Duration;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

/// Errors reach the app as strings starting with their kind:
/// `relay: URL`, `address`, `bind: why`, `offline`.
fn error(e: Error) -> JsValue {
    JsValue::from_str(&match e {
        Error::BadRelay(url) => format!("relay: {url}"),
        Error::BadAddress => "address".to_string(),
        Error::Bind(why) => format!("bind: {why}"),
        Error::Offline => "offline".to_string(),
    })
}

fn millis(ms: u32) -> Duration {
    Duration::from_millis(u64::from(ms))
}

/// ALPNs as they cross to the app: ASCII, one a line.
fn alpns(lines: &str) -> Vec<Vec<u8>> {
    lines
        .split('\n')
        .filter(|a| !a.is_empty())
        .map(|a| a.as_bytes().to_vec())
        .collect()
}

/// Opens an endpoint taking connections of `accept` (ALPNs one a line,
/// preferred first; none for a guest). `relay`: `"public"`, `"none"`, or
/// the URL of the table's own relay. Resolves to an [`Endpoint`].
#[wasm_bindgen]
pub fn bind(relay: String, key: Option<Vec<u8>>, accept: String) -> js_sys::Promise {
    future_to_promise(async move {
        let relay = match relay.as_str() {
            "public" => Relay::Public,
            "none" => Relay::Disabled,
            _ => Relay::Own(relay),
        };
        let key = match key {
            Some(key) => Some(
                <[u8; 32]>::try_from(key.as_slice())
                    .map_err(|_| error(Error::Bind("a key is 32 bytes".to_string())))?,
            ),
            None => None,
        };
        let options = Options {
            relay,
            relay_only: true,
            key,
        };
        let net = Net::bind(&options, &alpns(&accept)).await.map_err(error)?;
        Ok(Endpoint(net).into())
    })
}

/// The signature of `message` by the endpoint key `secret` (32 bytes): 64
/// bytes, or none if `secret` is not a key.
#[wasm_bindgen]
pub fn sign(secret: Vec<u8>, message: Vec<u8>) -> Option<Vec<u8>> {
    let secret = <[u8; 32]>::try_from(secret.as_slice()).ok()?;
    Some(crate::sign(&secret, &message).to_vec())
}

/// Whether `signature` is the key `phone`'s signature of `message`.
#[wasm_bindgen]
pub fn verify(phone: Vec<u8>, message: Vec<u8>, signature: Vec<u8>) -> bool {
    match (
        <[u8; 32]>::try_from(phone.as_slice()),
        <[u8; 64]>::try_from(signature.as_slice()),
    ) {
        (Ok(phone), Ok(signature)) => crate::verify(&phone, &message, &signature),
        _ => false,
    }
}

#[wasm_bindgen]
pub struct Endpoint(Net);

#[wasm_bindgen]
pub struct HostAddr(crate::HostAddr);

#[wasm_bindgen]
pub struct Incoming(RefCell<Option<crate::Incoming>>);

#[wasm_bindgen]
pub struct Accepting(RefCell<Option<crate::Accepting>>);

#[wasm_bindgen]
#[derive(Clone)]
pub struct Connection(crate::Connection);

#[wasm_bindgen]
pub struct SendStream(Rc<RefCell<Option<crate::SendStream>>>);

#[wasm_bindgen]
pub struct RecvStream(Rc<RefCell<Option<crate::RecvStream>>>);

/// A connection with its stream, as dialled or accepted: each part is
/// taken once.
#[wasm_bindgen]
pub struct Opened {
    connection: Connection,
    send: Option<SendStream>,
    recv: Option<RecvStream>,
}

impl Opened {
    fn new(
        (connection, send, recv): (crate::Connection, crate::SendStream, crate::RecvStream),
    ) -> Opened {
        Opened {
            connection: Connection(connection),
            send: Some(SendStream(Rc::new(RefCell::new(Some(send))))),
            recv: Some(RecvStream(Rc::new(RefCell::new(Some(recv))))),
        }
    }
}

#[wasm_bindgen]
impl Opened {
    pub fn connection(&self) -> Connection {
        self.connection.clone()
    }

    pub fn send(&mut self) -> Option<SendStream> {
        self.send.take()
    }

    pub fn recv(&mut self) -> Option<RecvStream> {
        self.recv.take()
    }
}

#[wasm_bindgen]
impl Endpoint {
    /// Resolves once the relay answers; rejects with `offline` after `ms`.
    pub fn online(&self, ms: u32) -> js_sys::Promise {
        let net = self.0.clone();
        future_to_promise(async move {
            net.online(millis(ms)).await.map_err(error)?;
            Ok(JsValue::UNDEFINED)
        })
    }

    pub fn id(&self) -> String {
        self.0.id()
    }

    pub fn relay(&self) -> Option<String> {
        self.0.relay()
    }

    pub fn key(&self) -> Vec<u8> {
        self.0.key().to_vec()
    }

    /// Where a host is (`addrs` separated by commas); throws `address` or
    /// `relay: URL` if it cannot be.
    pub fn host_addr(
        &self,
        host: String,
        relay: Option<String>,
        addrs: String,
    ) -> Result<HostAddr, JsValue> {
        let addrs: Vec<String> = addrs
            .split(',')
            .filter(|a| !a.is_empty())
            .map(str::to_string)
            .collect();
        self.0
            .host_addr(&host, relay.as_deref(), &addrs)
            .map(HostAddr)
            .map_err(error)
    }

    /// Resolves to the next [`Incoming`], or to nothing once closed.
    pub fn accept(&self) -> js_sys::Promise {
        let net = self.0.clone();
        future_to_promise(async move {
            Ok(match net.accept().await {
                Some(incoming) => Incoming(RefCell::new(Some(incoming))).into(),
                None => JsValue::UNDEFINED,
            })
        })
    }

    /// Takes connections of `accept` (ALPNs one a line) from now on.
    pub fn set_alpns(&self, accept: String) {
        self.0.set_alpns(&alpns(&accept));
    }

    /// Dials offering `offered` (ALPNs one a line). Resolves to an
    /// [`Opened`], or to nothing if the host cannot be reached within `ms`.
    pub fn connect(&self, host: &HostAddr, offered: String, ms: u32) -> js_sys::Promise {
        let (net, host) = (self.0.clone(), host.0.clone());
        future_to_promise(async move {
            Ok(
                match net.connect(&host, &alpns(&offered), millis(ms)).await {
                    Some(opened) => Opened::new(opened).into(),
                    None => JsValue::UNDEFINED,
                },
            )
        })
    }

    pub fn close(&self) -> js_sys::Promise {
        let net = self.0.clone();
        future_to_promise(async move {
            net.close().await;
            Ok(JsValue::UNDEFINED)
        })
    }
}

#[wasm_bindgen]
impl Incoming {
    /// Resolves to an [`Accepting`] once the handshake says its ALPN, or
    /// to nothing if it fails or takes longer than `ms`.
    pub fn handshake(&self, ms: u32) -> js_sys::Promise {
        let incoming = self.0.borrow_mut().take();
        future_to_promise(async move {
            let accepting = match incoming {
                Some(incoming) => incoming.handshake(millis(ms)).await,
                None => None,
            };
            Ok(accepting.map_or(JsValue::UNDEFINED, |a| {
                Accepting(RefCell::new(Some(a))).into()
            }))
        })
    }
}

#[wasm_bindgen]
impl Accepting {
    /// The ALPN the handshake agreed on (empty once accepted).
    pub fn alpn(&self) -> String {
        let accepting = self.0.borrow();
        let alpn = accepting.as_ref().map(|a| a.alpn()).unwrap_or_default();
        String::from_utf8_lossy(alpn).into_owned()
    }

    /// Resolves to an [`Opened`], or to nothing if the handshake fails or
    /// takes longer than `ms`.
    pub fn accept(&self, ms: u32) -> js_sys::Promise {
        let accepting = self.0.borrow_mut().take();
        future_to_promise(async move {
            let opened = match accepting {
                Some(accepting) => accepting.accept(millis(ms)).await,
                None => None,
            };
            Ok(opened.map_or(JsValue::UNDEFINED, |o| Opened::new(o).into()))
        })
    }
}

#[wasm_bindgen]
impl Connection {
    /// Resolves once the connection is closed.
    pub fn closed(&self) -> js_sys::Promise {
        let connection = self.0.clone();
        future_to_promise(async move {
            connection.closed().await;
            Ok(JsValue::UNDEFINED)
        })
    }

    pub fn close(&self, reason: Vec<u8>) {
        self.0.close(&reason);
    }

    /// The other phone's key, 64 hex digits, as the handshake
    /// authenticated it.
    pub fn remote_id(&self) -> String {
        self.0.remote_id()
    }
}

/// Lends a stream's half to one call, and takes it back after.
async fn lend<S, T>(
    cell: Rc<RefCell<Option<S>>>,
    gone: T,
    call: impl AsyncFnOnce(&mut S) -> T,
) -> T {
    let Some(mut half) = cell.borrow_mut().take() else {
        return gone;
    };
    let result = call(&mut half).await;
    *cell.borrow_mut() = Some(half);
    result
}

#[wasm_bindgen]
impl SendStream {
    /// Resolves to true once all of `bytes` is sent, false if the stream
    /// is gone.
    pub fn write_all(&self, bytes: Vec<u8>) -> js_sys::Promise {
        let cell = self.0.clone();
        future_to_promise(async move {
            let sent = lend(cell, false, async |send| send.write_all(&bytes).await).await;
            Ok(JsValue::from_bool(sent))
        })
    }

    pub fn finish(&self) {
        if let Some(send) = self.0.borrow_mut().as_mut() {
            send.finish();
        }
    }

    /// Resolves once the other side has read everything.
    pub fn stopped(&self) -> js_sys::Promise {
        let cell = self.0.clone();
        future_to_promise(async move {
            lend(cell, (), async |send| send.stopped().await).await;
            Ok(JsValue::UNDEFINED)
        })
    }
}

#[wasm_bindgen]
impl RecvStream {
    /// Resolves to the next bytes (a `Uint8Array`), or to nothing at the
    /// stream's end.
    pub fn read(&self) -> js_sys::Promise {
        let cell = self.0.clone();
        future_to_promise(async move {
            let bytes = lend(cell, None, async |recv| recv.read().await).await;
            Ok(bytes.map_or(JsValue::UNDEFINED, |b| {
                js_sys::Uint8Array::from(b.as_slice()).into()
            }))
        })
    }
}
