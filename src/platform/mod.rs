//! Platform glue, one implementation per platform chosen at compile time:
//! where small files are stored, the device locale, and randomness.
//! Nothing else in the app touches the browser, the file system or the OS.

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

/// Why a value could not be stored or read back: whether the device has no
/// room left (the player can make some: export, then delete old games) and,
/// for the logs and the tests, what the system said. The player's message
/// is worded from the cause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorageError {
    pub cause: StorageCause,
    /// What the system said, as it said it (never shown as it is).
    pub detail: String,
}

/// What kind of failure a [`StorageError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageCause {
    /// The device, or the browser's quota for the app, is full.
    Full,
    /// Anything else: no storage, refused, unreadable.
    Failed,
}

impl StorageError {
    /// The device or the browser has no room left.
    pub fn full(detail: &str) -> StorageError {
        StorageError {
            cause: StorageCause::Full,
            detail: detail.to_string(),
        }
    }

    /// Any other failure, as the system described it.
    pub fn failed(detail: impl Into<String>) -> StorageError {
        StorageError {
            cause: StorageCause::Failed,
            detail: detail.into(),
        }
    }

    pub fn is_full(&self) -> bool {
        self.cause == StorageCause::Full
    }
}

impl std::fmt::Display for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.cause {
            StorageCause::Full => write!(f, "storage full: {}", self.detail),
            StorageCause::Failed => f.write_str(&self.detail),
        }
    }
}

impl std::error::Error for StorageError {}

/// Where an exported file went (`share_file`), for the message the player
/// reads. Each build has only its own cases, so the web build's wasm carries
/// no native message and the other way round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handed {
    /// Web: handed to the system share sheet (the Web Share API with files).
    #[cfg(target_arch = "wasm32")]
    ShareSheet(String),
    /// Web: downloaded, where the browser cannot share files.
    #[cfg(target_arch = "wasm32")]
    Downloaded(String),
    /// Desktop: written to this path, in a folder the player can open.
    #[cfg(not(target_arch = "wasm32"))]
    Saved(String),
    /// Phone builds (Android, iOS web views): written to this path, inside
    /// the app's private folder, which only the app itself can read.
    #[cfg(not(target_arch = "wasm32"))]
    KeptInApp(String),
}

/// Picks what to load of a stored value and its backup: the main copy if
/// `accept` takes it, else the backup if `accept` takes that (flagged
/// `true`), else the main copy as it is, for the caller to report.
pub fn main_or_backup<E>(
    main: Option<String>,
    backup: impl FnOnce() -> Result<Option<String>, E>,
    accept: impl Fn(&str) -> bool,
) -> Result<Option<(String, bool)>, E> {
    if main.as_deref().is_some_and(&accept) {
        return Ok(main.map(|t| (t, false)));
    }
    if let Some(text) = backup()? {
        if accept(&text) {
            return Ok(Some((text, true)));
        }
    }
    Ok(main.map(|t| (t, false)))
}

/// A whole number from 0 to `n` − 1, drawn uniformly by the app's one
/// random number generator (seeded once from the operating system's, or the
/// browser's, cryptographic source). Every virtual die goes through here.
pub fn random_below(n: u32) -> u32 {
    use rand::{rngs::SmallRng, Rng, SeedableRng};
    use std::cell::RefCell;
    thread_local! {
        static RNG: RefCell<SmallRng> = RefCell::new(SmallRng::from_os_rng());
    }
    RNG.with(|rng| rng.borrow_mut().random_range(0..n))
}

/// `N` bytes from the operating system's (or the browser's) cryptographic
/// source, for what must not be guessed from anything the app shows: a
/// table's secret, a phone's first key, the nonces of a table's hidden
/// choices. None if that source fails: never the dice's generator instead
/// (its stream is what every phone's dice show).
pub fn secret_bytes<const N: usize>() -> Option<[u8; N]> {
    use rand::{rngs::OsRng, TryRngCore};
    let mut bytes = [0; N];
    OsRng.try_fill_bytes(&mut bytes).ok()?;
    Some(bytes)
}

/// A face index of `die` thrown by the app: what [`crate::core::session::Session::throw`]
/// takes for fresh dice.
pub fn random_face(die: crate::core::dice_kinds::DieKind) -> usize {
    random_below(die.sides() as u32) as usize
}

/// Why the camera or the dice reader gave no frame (issue 61): the screen
/// says it in the player's language, and the keypad is there as before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CameraError {
    /// The player (or the browser's settings) refused the camera.
    Refused,
    /// No camera here (none, or the browser offers no access to one).
    Absent,
    /// The camera would not open, or gave no frame.
    Failed,
    /// The reader's module could not be fetched (offline on a first use).
    Reader,
    /// The photo chosen could not be decoded.
    BadPhoto,
}

impl std::fmt::Display for CameraError {
    /// A plain description for logs; the UI words it through `i18n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CameraError::Refused => "the camera was refused",
            CameraError::Absent => "no camera",
            CameraError::Failed => "the camera gave no frame",
            CameraError::Reader => "the dice reader could not be fetched",
            CameraError::BadPhoto => "the photo could not be decoded",
        })
    }
}

impl std::error::Error for CameraError {}

/// A frame or photo read: its size in pixels (as the reader saw it, and as
/// it is drawn on the screen's canvas) and the dice found on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub width: f32,
    pub height: f32,
    pub dice: Vec<genius_reader::Die>,
}

impl Frame {
    /// A frame from the reader's numbers: width, height, then six numbers a
    /// die (value, x0, y0, x1, y1, confidence; see `genius_reader`'s
    /// `read_rgba`). A die's value outside 1–6 is kept: the confirmation
    /// drops it.
    pub fn from_numbers(numbers: &[f32]) -> Option<Frame> {
        let [width, height, dice @ ..] = numbers else {
            return None;
        };
        let dice = dice
            .chunks_exact(6)
            .map(|d| genius_reader::Die {
                value: d[0] as u8,
                bbox: [d[1], d[2], d[3], d[4]],
                confidence: d[5],
            })
            .collect();
        Some(Frame {
            width: *width,
            height: *height,
            dice,
        })
    }
}
