//! Desktop and phones: one file per key in the app's data directory, written
//! crash-safely (temporary file, flush to disk, atomic rename).

use super::StorageError;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The folder the app keeps its files in. `GENIUS_DATA_DIR` overrides it
/// (tests, portable installs); otherwise the platform's data directory.
pub fn data_dir() -> Option<PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        if let Some(dir) = std::env::var_os("GENIUS_DATA_DIR") {
            return Some(PathBuf::from(dir));
        }
        directories::ProjectDirs::from("app", "Genius", "Genius")
            .map(|d| d.data_dir().to_path_buf())
    })
    .clone()
}

fn path_for(key: &str) -> Result<PathBuf, StorageError> {
    let dir = data_dir().ok_or_else(|| StorageError("no data directory on this device".into()))?;
    Ok(dir.join(format!("{key}.json")))
}

pub fn load(key: &str) -> Result<Option<String>, StorageError> {
    let path = path_for(key)?;
    match fs::read_to_string(&path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(StorageError(format!("{}: {e}", path.display()))),
    }
}

pub fn save(key: &str, value: &str) -> Result<(), StorageError> {
    let path = path_for(key)?;
    write_atomically(&path, value.as_bytes())
        .map_err(|e| StorageError(format!("{}: {e}", path.display())))
}

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk and
/// renames it over `path`, so a crash leaves either the old or the new file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("json.tmp");
    {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
    }
    fs::rename(&tmp, path)
}

/// The device's preferred language, such as `fr-FR`.
pub fn device_locale() -> Option<String> {
    sys_locale::get_locale()
}

/// The web build mirrors theme and language on the page; a native window
/// has nothing to mirror them on.
pub fn reflect_in_document(_theme: &str, _lang: &str) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("genius-test-{}", std::process::id()));
        let path = dir.join("settings.json");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert!(!path.with_extension("json.tmp").exists());
        fs::remove_dir_all(dir).unwrap();
    }
}
