//! The transport over iroh.

use crate::{Error, Options, Relay};
use iroh::endpoint::{presets, ConnectOptions, QuicTransportConfig};
use iroh::{EndpointAddr, EndpointId, RelayMode, RelayUrl, TransportAddr, Watcher};
use n0_future::time::{timeout, Duration};
use std::net::SocketAddr;
use std::str::FromStr;

/// How often a quiet connection says it is still there.
const KEEP_ALIVE: Duration = Duration::from_secs(2);
/// How long a connection may stay silent before QUIC counts it as lost (the
/// table protocol's own heartbeat usually notices first).
const SILENCE: Duration = Duration::from_secs(8);
/// The largest chunk one read returns.
const READ_CHUNK: usize = 16 * 1024;

/// This phone's ed25519 signature of `message`, made with its endpoint's
/// secret key (what the table's hand-over votes are signed with).
pub fn sign(secret: &[u8; 32], message: &[u8]) -> [u8; 64] {
    iroh::SecretKey::from_bytes(secret).sign(message).to_bytes()
}

/// Whether `signature` is the phone with public key `phone`'s signature of
/// `message` (false for bytes that are not a key).
pub fn verify(phone: &[u8; 32], message: &[u8], signature: &[u8; 64]) -> bool {
    iroh::PublicKey::from_bytes(phone).is_ok_and(|key| {
        key.verify(message, &iroh::Signature::from_bytes(signature))
            .is_ok()
    })
}

/// This phone's endpoint. Cloning it gives another handle to the same one.
#[derive(Clone, Debug)]
pub struct Endpoint {
    inner: iroh::Endpoint,
}

/// Where a host is: its key, its relay, its direct addresses.
#[derive(Clone, Debug)]
pub struct HostAddr(EndpointAddr);

/// A guest knocking: [`Incoming::handshake`] goes on with its handshake
/// until its ALPN is known.
#[derive(Debug)]
pub struct Incoming(iroh::endpoint::Incoming);

/// A guest whose handshake said its ALPN: [`Accepting::accept`] completes
/// it (dropped, it is turned away).
#[derive(Debug)]
pub struct Accepting {
    inner: iroh::endpoint::Accepting,
    alpn: Vec<u8>,
}

/// A connection to another phone. Cloning it gives another handle.
#[derive(Clone, Debug)]
pub struct Connection(iroh::endpoint::Connection);

/// The sending half of a connection's stream.
#[derive(Debug)]
pub struct SendStream(iroh::endpoint::SendStream);

/// The receiving half of a connection's stream.
#[derive(Debug)]
pub struct RecvStream {
    inner: iroh::endpoint::RecvStream,
    buffer: Vec<u8>,
}

fn relay_url(url: &str) -> Result<RelayUrl, Error> {
    RelayUrl::from_str(url).map_err(|_| Error::BadRelay(url.to_string()))
}

impl Endpoint {
    /// Opens an endpoint, which takes connections of the ALPNs `accept`
    /// names, preferred first (a host's; a guest's takes none).
    pub async fn bind(options: &Options, accept: &[Vec<u8>]) -> Result<Endpoint, Error> {
        let transport = QuicTransportConfig::builder()
            .keep_alive_interval(KEEP_ALIVE)
            .max_idle_timeout(SILENCE.try_into().ok())
            .build();
        let relay = match &options.relay {
            Relay::Public => RelayMode::Default,
            Relay::Own(url) => RelayMode::custom([relay_url(url)?]),
            Relay::Disabled => RelayMode::Disabled,
        };
        let mut builder = iroh::Endpoint::builder(presets::Minimal)
            .relay_mode(relay)
            .transport_config(transport);
        if !accept.is_empty() {
            builder = builder.alpns(accept.to_vec());
        }
        // A browser has no IP transports to clear: it only has the relay.
        #[cfg(not(target_arch = "wasm32"))]
        if options.relay_only {
            builder = builder.clear_ip_transports();
        }
        if let Some(key) = options.key {
            builder = builder.secret_key(iroh::SecretKey::from_bytes(&key));
        }
        #[cfg(target_arch = "wasm32")]
        {
            builder = builder.ca_tls_config(browser::no_certificate_authority());
        }
        let inner = builder
            .bind()
            .await
            .map_err(|e| Error::Bind(e.to_string()))?;
        Ok(Endpoint { inner })
    }

    /// Takes connections of these ALPNs from now on, preferred first.
    pub fn set_alpns(&self, alpns: &[Vec<u8>]) {
        self.inner.set_alpns(alpns.to_vec());
    }

    /// Waits until the relay answers (and so the endpoint's relay is
    /// known), at most `wait`.
    pub async fn online(&self, wait: Duration) -> Result<(), Error> {
        timeout(wait, self.inner.online())
            .await
            .map_err(|_| Error::Offline)
    }

    /// The endpoint's public key, 64 hex digits: the host's name in a ticket.
    pub fn id(&self) -> String {
        self.inner.id().to_string()
    }

    /// The relay this endpoint is reachable through, once online.
    pub fn relay(&self) -> Option<String> {
        let addr = self.inner.watch_addr().get();
        let relay = addr.relay_urls().next().map(|url| url.to_string());
        relay
    }

    /// Its direct addresses (none in a browser).
    pub fn ip_addrs(&self) -> Vec<String> {
        let addr = self.inner.watch_addr().get();
        addr.ip_addrs().map(|a| a.to_string()).collect()
    }

    /// The endpoint's secret key: the same identity after a restart.
    pub fn key(&self) -> [u8; 32] {
        self.inner.secret_key().to_bytes()
    }

    /// Reads where a host is, from its ticket's key, relay and addresses.
    pub fn host_addr(
        &self,
        host: &str,
        relay: Option<&str>,
        addrs: &[String],
    ) -> Result<HostAddr, Error> {
        let id = EndpointId::from_str(host).map_err(|_| Error::BadAddress)?;
        let mut transports = Vec::new();
        if let Some(relay) = relay {
            transports.push(TransportAddr::Relay(relay_url(relay)?));
        }
        for addr in addrs {
            let addr = SocketAddr::from_str(addr).map_err(|_| Error::BadAddress)?;
            transports.push(TransportAddr::Ip(addr));
        }
        Ok(HostAddr(EndpointAddr::from_parts(id, transports)))
    }

    /// The next guest knocking; none once the endpoint is closed.
    pub async fn accept(&self) -> Option<Incoming> {
        self.inner.accept().await.map(Incoming)
    }

    /// Dials a host offering `alpns` (the host chooses one), and opens the
    /// connection's stream, at most for `wait`; none if it cannot be
    /// reached in time.
    pub async fn connect(
        &self,
        host: &HostAddr,
        alpns: &[Vec<u8>],
        wait: Duration,
    ) -> Option<(Connection, SendStream, RecvStream)> {
        let (alpn, others) = alpns.split_first()?;
        let options = ConnectOptions::new().with_additional_alpns(others.to_vec());
        let dial = async {
            let connecting = self
                .inner
                .connect_with_opts(host.0.clone(), alpn, options)
                .await
                .ok()?;
            let connection = connecting.await.ok()?;
            let streams = connection.open_bi().await;
            opened(connection, streams)
        };
        timeout(wait, dial).await.ok().flatten()
    }

    /// Closes the endpoint and its connections.
    pub async fn close(&self) {
        self.inner.close().await;
    }
}

impl Incoming {
    /// Goes on with the handshake until the guest's ALPN is known (it is
    /// in its first packet), at most for `wait`; none if it fails.
    pub async fn handshake(self, wait: Duration) -> Option<Accepting> {
        let handshake = async {
            let mut inner = self.0.accept().ok()?;
            let alpn = inner.alpn().await.ok()?;
            Some(Accepting { inner, alpn })
        };
        timeout(wait, handshake).await.ok().flatten()
    }
}

impl Accepting {
    /// The ALPN the handshake agreed on.
    pub fn alpn(&self) -> &[u8] {
        &self.alpn
    }

    /// Completes the handshake and takes the stream the guest opens; none
    /// if either fails or takes longer than `wait`.
    pub async fn accept(self, wait: Duration) -> Option<(Connection, SendStream, RecvStream)> {
        let accept = async {
            let connection = self.inner.await.ok()?;
            let streams = connection.accept_bi().await;
            opened(connection, streams)
        };
        timeout(wait, accept).await.ok().flatten()
    }
}

impl Connection {
    /// The key of the phone at the other end, 64 hex digits, as the
    /// handshake authenticated it: who the phone is.
    pub fn remote_id(&self) -> String {
        self.0.remote_id().to_string()
    }

    /// Waits until the connection is closed (by either side, or lost).
    pub async fn closed(&self) {
        self.0.closed().await;
    }

    /// Closes the connection, telling the other side why.
    pub fn close(&self, reason: &[u8]) {
        self.0.close(0u32.into(), reason);
    }
}

impl SendStream {
    /// Sends all of `bytes`; false if the stream is gone.
    pub async fn write_all(&mut self, bytes: &[u8]) -> bool {
        self.0.write_all(bytes).await.is_ok()
    }

    /// Ends the stream: the other side reads to its end.
    pub fn finish(&mut self) {
        let _ = self.0.finish();
    }

    /// Waits until the other side has read everything (or stopped reading).
    pub async fn stopped(&mut self) {
        let _ = self.0.stopped().await;
    }
}

impl RecvStream {
    fn new(inner: iroh::endpoint::RecvStream) -> RecvStream {
        RecvStream {
            inner,
            buffer: vec![0; READ_CHUNK],
        }
    }

    /// The next bytes; none at the stream's end or when the connection is
    /// gone. Cancel-safe: dropped before it completes, nothing is lost.
    pub async fn read(&mut self) -> Option<Vec<u8>> {
        match self.inner.read(&mut self.buffer).await {
            Ok(Some(n)) => Some(self.buffer[..n].to_vec()),
            Ok(None) | Err(_) => None,
        }
    }
}

/// A connection with its stream, or none (the connection closed) if the
/// stream could not be opened.
fn opened<E>(
    connection: iroh::endpoint::Connection,
    streams: Result<(iroh::endpoint::SendStream, iroh::endpoint::RecvStream), E>,
) -> Option<(Connection, SendStream, RecvStream)> {
    match streams {
        Ok((send, recv)) => Some((
            Connection(connection),
            SendStream(send),
            RecvStream::new(recv),
        )),
        Err(_) => {
            connection.close(0u32.into(), b"no stream");
            None
        }
    }
}

/// The browser's certificate verifier: none. iroh-relay verifies a relay's
/// certificate for its own TLS; in a browser the relay is a `wss://`
/// WebSocket whose TLS the browser verifies, and phones are verified by
/// their keys, never by a certificate authority. The browser's build of
/// this crate has no root certificates at all (`browser-roots`, an empty
/// `webpki-roots`: scripts/tools.sh), from which rustls would refuse to
/// build a verifier; this one refuses every certificate instead, should
/// anything ever ask.
#[cfg(target_arch = "wasm32")]
mod browser {
    use iroh::tls::CaTlsConfig;
    use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
    use rustls::crypto::CryptoProvider;
    use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
    use rustls::{DigitallySignedStruct, Error, SignatureScheme};
    use std::sync::Arc;

    pub fn no_certificate_authority() -> CaTlsConfig {
        CaTlsConfig::custom_server_cert_verifier(Arc::new(|provider| {
            Ok(Arc::new(NoCertificateAuthority(provider)))
        }))
    }

    #[derive(Debug)]
    struct NoCertificateAuthority(Arc<CryptoProvider>);

    fn refused() -> Error {
        Error::General("no certificate authority in the browser's transport".into())
    }

    impl ServerCertVerifier for NoCertificateAuthority {
        fn verify_server_cert(
            &self,
            _end_entity: &CertificateDer<'_>,
            _intermediates: &[CertificateDer<'_>],
            _server_name: &ServerName<'_>,
            _ocsp_response: &[u8],
            _now: UnixTime,
        ) -> Result<ServerCertVerified, Error> {
            Err(refused())
        }

        fn verify_tls12_signature(
            &self,
            _message: &[u8],
            _cert: &CertificateDer<'_>,
            _dss: &DigitallySignedStruct,
        ) -> Result<HandshakeSignatureValid, Error> {
            Err(refused())
        }

        fn verify_tls13_signature(
            &self,
            _message: &[u8],
            _cert: &CertificateDer<'_>,
            _dss: &DigitallySignedStruct,
        ) -> Result<HandshakeSignatureValid, Error> {
            Err(refused())
        }

        fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
            self.0.signature_verification_algorithms.supported_schemes()
        }
    }
}
