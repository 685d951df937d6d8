//! The history's dates follow the device's time zone on desktop and phones
//! too. Its own test binary: the zone is set through `TZ` before anything
//! reads it, with no other test running beside it.

use genius::platform::local_offset_minutes;

#[test]
fn the_offset_is_the_device_time_zone() {
    // A POSIX zone string: no zone database needed. UTC+5:30, no summer time.
    std::env::set_var("TZ", "<+0530>-5:30");
    // (Read once: chrono keeps the zone it found.)
    assert_eq!(local_offset_minutes(), 330);
}
