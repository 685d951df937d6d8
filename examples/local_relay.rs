//! The real relay server (iroh-relay's own code) on 127.0.0.1, for the
//! browser tests of one game on several phones (tests/e2e/table.test.mjs):
//! prints `relay http://127.0.0.1:<port>/` and serves until its input
//! closes. Nothing leaves the machine.
//!
//! `cargo run --features peer --example local_relay`

#[path = "../tests/common/relay.rs"]
mod relay;

use tokio::io::AsyncReadExt;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let mut relay = relay::LocalRelay::start().await;
    println!("relay {}", relay.url());
    // Serves until the test closes this process's input.
    let mut sink = Vec::new();
    let _ = tokio::io::stdin().read_to_end(&mut sink).await;
    relay.kill().await;
}
