//! The real relay server (iroh-relay's own server code, a dev-dependency
//! at the version iroh uses) on 127.0.0.1, plain HTTP: nothing leaves the
//! machine (`#[path]`-included by the table link's native tests and
//! benchmark).

#![allow(dead_code)]

use iroh_relay::server::{RelayConfig, Server, ServerConfig};
use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

/// A relay server on one port of 127.0.0.1.
pub struct LocalRelay {
    pub port: u16,
    server: Option<Server>,
}

async fn spawn(port: u16) -> Result<Server, String> {
    let mut config = ServerConfig::default();
    config.relay = Some(RelayConfig::new(SocketAddr::from((
        Ipv4Addr::LOCALHOST,
        port,
    ))));
    Server::spawn(config).await.map_err(|e| e.to_string())
}

impl LocalRelay {
    /// Starts a relay on a free port.
    pub async fn start() -> LocalRelay {
        let server = spawn(0).await.expect("a relay on 127.0.0.1");
        let port = server.http_addr().expect("its HTTP address").port();
        LocalRelay {
            port,
            server: Some(server),
        }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// Stops the relay: every connection through it drops.
    pub async fn kill(&mut self) {
        if let Some(server) = self.server.take() {
            let _ = server.shutdown().await;
        }
    }

    /// Starts it again on the same port.
    pub async fn restart(&mut self) {
        self.kill().await;
        for _ in 0..100 {
            match spawn(self.port).await {
                Ok(server) => {
                    self.server = Some(server);
                    return;
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
        panic!("the relay did not start again on port {}", self.port);
    }
}
