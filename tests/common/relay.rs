//! The real relay server (`iroh-relay`, installed at a pinned version by
//! scripts/tools.sh) on 127.0.0.1, plain HTTP: nothing leaves the machine
//! (`#[path]`-included by the table link's native tests and benchmark).

#![allow(dead_code)]

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A relay process on one port; killed when dropped.
pub struct LocalRelay {
    pub port: u16,
    dir: PathBuf,
    child: Option<Child>,
}

/// The relay binary: `$IROH_RELAY`, else `iroh-relay` on the PATH or in
/// cargo's bin folder.
fn binary() -> PathBuf {
    if let Some(path) = std::env::var_os("IROH_RELAY") {
        return path.into();
    }
    let cargo_bin = std::env::var_os("HOME")
        .map(|home| PathBuf::from(home).join(".cargo/bin/iroh-relay"))
        .filter(|p| p.exists());
    cargo_bin.unwrap_or_else(|| "iroh-relay".into())
}

impl LocalRelay {
    /// Starts a relay on a free port of 127.0.0.1.
    pub fn start() -> LocalRelay {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let dir = std::env::temp_dir().join(format!("genius-relay-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("relay.toml"),
            format!(
                "enable_relay = true\nhttp_bind_addr = \"127.0.0.1:{port}\"\n\
                 enable_quic_addr_discovery = false\nenable_metrics = false\n"
            ),
        )
        .unwrap();
        let mut relay = LocalRelay {
            port,
            dir,
            child: None,
        };
        relay.restart();
        relay
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// Kills the relay (as a crash would).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port, and waits until it listens.
    pub fn restart(&mut self) {
        self.kill();
        let child = Command::new(binary())
            .args(["--dev", "--config-path"])
            .arg(self.dir.join("relay.toml"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect(
                "iroh-relay: install it with scripts/tools.sh (cargo install iroh-relay \
                 --version 1.4.1 --features server), or set IROH_RELAY",
            );
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "the relay did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for LocalRelay {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
