//! The real relay server (iroh-relay's own code) on 127.0.0.1, for the
//! browser tests of one game on several phones (tests/e2e/table.test.mjs):
//! prints `relay http://127.0.0.1:<port>/` and serves until its input
//! closes. A line `kill` on its input stops the relay (every connection
//! dropped, the port closed), `restart` starts it again on the same port;
//! each is answered with a line (`killed`, `restarted`) once done.
//! Nothing leaves the machine.
//!
//! `cargo run --features peer --example local_relay`

#[path = "../tests/common/relay.rs"]
mod relay;

use tokio::io::AsyncBufReadExt;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let mut relay = relay::LocalRelay::start().await;
    println!("relay {}", relay.url());
    // Serves until the test closes this process's input.
    let mut lines = tokio::io::BufReader::new(tokio::io::stdin()).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        match line.trim() {
            "kill" => {
                relay.kill().await;
                println!("killed");
            }
            "restart" => {
                relay.restart().await;
                println!("restarted");
            }
            _ => {}
        }
    }
    relay.kill().await;
}
