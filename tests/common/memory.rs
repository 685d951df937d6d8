//! The process's memory as Linux counts it, for the benches.

/// The process's resident memory, from /proc/self/status: (now, peak:
/// `VmRSS`, `VmHWM`), in MiB (0 where /proc is not).
pub fn memory() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}
