//! The table link's platform glue on the desktop and the phones: no
//! address to be opened by, no share sheet, the relay reached by its port.

/// A native app is not opened by an address: no invitation in it.
pub fn join_in_address() -> Option<String> {
    None
}

/// Nothing to listen to: a native app is not opened by an address.
pub fn listen_for_join_links() {}

/// The link that opens the app at a table: the ticket after `#join=`, as
/// in the web app's address (the web app at any address opens it).
pub fn join_url(ticket: &str) -> String {
    format!("genius:#join={ticket}")
}

/// Nothing to forget: a native app has no address.
pub fn forget_join_in_address() {}

/// No share sheet in the phone builds' web views (see [`super::share_file`]): the
/// link is shown on screen to be copied. Never shared.
pub fn share_link(_url: &str, _title: &str) -> bool {
    false
}

/// Whether the relay at `url` can be reached: its host accepts a
/// connection on its port within five seconds (a native phone opens no
/// HTTP client of its own for this; the link itself speaks to the relay).
pub async fn relay_answers(url: &str) -> bool {
    let Some(addr) = relay_socket(url) else {
        return false;
    };
    let (tell, answer) = futures_channel::oneshot::channel();
    std::thread::spawn(move || {
        use std::net::ToSocketAddrs;
        let reached = addr.to_socket_addrs().ok().into_iter().flatten().any(|a| {
            std::net::TcpStream::connect_timeout(&a, std::time::Duration::from_secs(5)).is_ok()
        });
        let _ = tell.send(reached);
    });
    answer.await.unwrap_or(false)
}

/// `host:port` of a relay's URL (port 443 for https, 80 for http).
fn relay_socket(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    let port = match scheme {
        "https" => 443,
        "http" => 80,
        _ => return None,
    };
    Some(
        if host
            .rsplit_once(':')
            .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
        {
            host.to_string()
        } else {
            format!("{host}:{port}")
        },
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_relays_socket_is_its_host_and_port() {
        use super::relay_socket;
        assert_eq!(
            relay_socket("http://127.0.0.1:3340/").as_deref(),
            Some("127.0.0.1:3340")
        );
        assert_eq!(
            relay_socket("https://euc1-1.relay.n0.iroh.link./").as_deref(),
            Some("euc1-1.relay.n0.iroh.link.:443")
        );
        assert_eq!(
            relay_socket("http://relay.local").as_deref(),
            Some("relay.local:80")
        );
        assert_eq!(relay_socket("relay.local"), None);
    }
}
