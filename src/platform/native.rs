//! Desktop and phones: one file per key in the app's data directory, written
//! crash-safely (temporary file, flush to disk, atomic rename).

pub mod camera;
mod table;
mod write;

pub use table::{
    forget_join_in_address, join_in_address, join_url, listen_for_join_links, relay_answers,
    share_link,
};
pub use write::{backup_path, read_with_backup, write_atomically, write_with_faults, WriteStep};

use super::StorageError;
use crate::core::save::GameId;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use write::sync_dir;

/// The folder the app keeps its files in. `GENIUS_DATA_DIR` overrides it
/// (tests, portable installs); on Android, the app's files directory;
/// elsewhere the platform's data directory (`directories`).
pub fn data_dir() -> Option<PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        if let Some(dir) = std::env::var_os("GENIUS_DATA_DIR") {
            return Some(PathBuf::from(dir));
        }
        #[cfg(target_os = "android")]
        if let Some(dir) = android::files_dir() {
            return Some(dir);
        }
        directories::ProjectDirs::from("app", "Genius", "Genius")
            .map(|d| d.data_dir().to_path_buf())
    })
    .clone()
}

#[cfg(target_os = "android")]
mod android {
    use std::path::PathBuf;

    /// `Context.getFilesDir()` of the running app, through JNI.
    pub fn files_dir() -> Option<PathBuf> {
        let ctx = ndk_context::android_context();
        // SAFETY: ndk-context hands out the process's JavaVM and the app's
        // Context, both valid for the life of the app.
        let vm = unsafe { jni::JavaVM::from_raw(ctx.vm().cast()) }.ok()?;
        let mut env = vm.attach_current_thread().ok()?;
        let context = unsafe { jni::objects::JObject::from_raw(ctx.context().cast()) };
        let dir = env
            .call_method(&context, "getFilesDir", "()Ljava/io/File;", &[])
            .ok()?
            .l()
            .ok()?;
        let path = env
            .call_method(&dir, "getAbsolutePath", "()Ljava/lang/String;", &[])
            .ok()?
            .l()
            .ok()?;
        let path: String = env
            .get_string(&jni::objects::JString::from(path))
            .ok()?
            .into();
        Some(PathBuf::from(path))
    }
}

fn path_for(key: &str) -> Result<PathBuf, StorageError> {
    let dir = data_dir().ok_or_else(|| StorageError::failed("no data directory on this device"))?;
    Ok(dir.join(format!("{key}.json")))
}

pub fn load(key: &str) -> Result<Option<String>, StorageError> {
    let path = path_for(key)?;
    match fs::read_to_string(&path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(StorageError::failed(format!("{}: {e}", path.display()))),
    }
}

pub fn save(key: &str, value: &str) -> Result<(), StorageError> {
    let path = path_for(key)?;
    write_atomically(&path, value.as_bytes()).map_err(|e| io_error(&path, &e))
}

/// A storage error naming the file; a full disk or an exhausted quota is
/// told apart ([`StorageError::full`]).
fn io_error(path: &Path, e: &std::io::Error) -> StorageError {
    let detail = format!("{}: {e}", path.display());
    // ENOSPC is `StorageFull`; EDQUOT (122 on Linux and Android, 69 on the
    // BSDs and Apple systems) has no stable kind yet.
    let quota = match e.raw_os_error() {
        Some(122) => cfg!(any(target_os = "linux", target_os = "android")),
        Some(69) => cfg!(any(target_os = "macos", target_os = "ios")),
        _ => false,
    };
    if e.kind() == std::io::ErrorKind::StorageFull || quota {
        StorageError::full(&detail)
    } else {
        StorageError::failed(detail)
    }
}

/// Saved games: one file per game in `games/` of the data directory, with
/// its backup beside it; files that cannot be loaded are moved, untouched,
/// to `games/set-aside/`.
pub struct GameFiles {
    dir: PathBuf,
}

impl GameFiles {
    pub fn at(dir: PathBuf) -> GameFiles {
        GameFiles { dir }
    }

    pub fn default_location() -> Result<GameFiles, StorageError> {
        let dir =
            data_dir().ok_or_else(|| StorageError::failed("no data directory on this device"))?;
        Ok(GameFiles::at(dir.join("games")))
    }

    /// The file of game `id`: a [`GameId`] is never a path, so never
    /// outside `games/`.
    fn path(&self, id: &GameId) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    /// The index of finished games' summaries (`core::index`): a name that
    /// is not a game id, so it is never listed as a game.
    fn index_path(&self) -> PathBuf {
        self.dir.join("_index.json")
    }

    pub fn read_index(&self) -> Option<String> {
        fs::read_to_string(self.index_path()).ok()
    }

    /// Writes the index as a game is written (a crash leaves the old index
    /// or the new one, and either is brought in step with the games when
    /// they are next listed).
    pub fn write_index(&self, text: &str) -> Result<(), StorageError> {
        let path = self.index_path();
        write_atomically(&path, text.as_bytes()).map_err(|e| io_error(&path, &e))
    }

    /// Removes temporary files left by a write that did not finish (a crash
    /// or a full disk); the file they were replacing is still there.
    pub fn tidy(&self) {
        let _ = self.scan(true);
    }

    /// The ids of every saved game (from `<id>.json` or a lone backup),
    /// read from the file names; other files are left alone.
    pub fn ids(&self) -> Result<Vec<GameId>, StorageError> {
        self.scan(false)
    }

    /// [`Self::tidy`] and [`Self::ids`] in one reading of the folder, as
    /// the app's first listing does (at 10 000 games, each reading of the
    /// folder costs a few milliseconds).
    pub fn tidy_ids(&self) -> Result<Vec<GameId>, StorageError> {
        self.scan(true)
    }

    /// Reads the folder once: the ids of the games (once each, in the
    /// folder's order, then those of lone backups; a name that is not a
    /// [`GameId`] is no game of the app's) and, if `tidy`, the leftover
    /// temporary files removed.
    fn scan(&self, tidy: bool) -> Result<Vec<GameId>, StorageError> {
        let entries = match fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(StorageError::failed(format!("{}: {e}", self.dir.display()))),
        };
        let mut ids = Vec::new();
        // Backups, few (finished games keep none): those without their game
        // are listed too.
        let mut backups = std::collections::HashSet::new();
        for entry in entries.filter_map(|e| e.ok()) {
            let name = entry.file_name();
            // A name that is not UTF-8 is no file of the app's.
            let Some(name) = name.to_str() else { continue };
            if let Some(id) = name.strip_suffix(".json.tmp") {
                if tidy && (GameId::parse(id).is_ok() || id == "_index") {
                    let _ = fs::remove_file(entry.path());
                }
            } else if let Some(id) = name.strip_suffix(".json.bak") {
                if let Ok(id) = GameId::parse(id) {
                    backups.insert(id);
                }
            } else if let Some(id) = name.strip_suffix(".json") {
                if let Ok(id) = GameId::parse(id) {
                    ids.push(id);
                }
            }
        }
        if !backups.is_empty() {
            for id in &ids {
                backups.remove(id);
            }
            ids.extend(backups);
        }
        Ok(ids)
    }

    pub fn read(
        &self,
        id: &GameId,
        accept: impl Fn(&str) -> bool,
    ) -> Result<Option<(String, bool)>, StorageError> {
        let path = self.path(id);
        read_with_backup(&path, accept).map_err(|e| io_error(&path, &e))
    }

    pub fn write(&self, id: &GameId, text: &str) -> Result<(), StorageError> {
        let path = self.path(id);
        write_atomically(&path, text.as_bytes()).map_err(|e| io_error(&path, &e))
    }

    /// Writes a finished game, which keeps no backup (see [`Self::drop_backup`]).
    pub fn write_finished(&self, id: &GameId, text: &str) -> Result<(), StorageError> {
        self.write(id, text)?;
        self.drop_backup(id)
    }

    /// Drops a game's backup (a finished game needs none: it no longer
    /// changes, and its checksum tells if it is damaged).
    pub fn drop_backup(&self, id: &GameId) -> Result<(), StorageError> {
        let path = backup_path(&self.path(id));
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io_error(&path, &e)),
        }
    }

    /// Moves a game's damaged file, unchanged, to `set-aside/` and writes
    /// `text` (its backup, which loaded) in its place; the backup stays.
    pub fn repair(&self, id: &GameId, text: &str) -> Result<(), StorageError> {
        let path = self.path(id);
        self.move_aside(std::slice::from_ref(&path))?;
        write_atomically(&path, text.as_bytes()).map_err(|e| io_error(&path, &e))
    }

    /// Moves a game's file and backup, unchanged, out of the way.
    pub fn set_aside(&self, id: &GameId) -> Result<(), StorageError> {
        let path = self.path(id);
        self.move_aside(&[backup_path(&path), path])
    }

    fn move_aside(&self, files: &[PathBuf]) -> Result<(), StorageError> {
        let aside = self.dir.join("set-aside");
        fs::create_dir_all(&aside).map_err(|e| StorageError::failed(e.to_string()))?;
        for from in files {
            if let Some(name) = from.file_name() {
                let mut to = aside.join(name);
                let mut n = 1;
                while to.exists() {
                    to = aside.join(format!("{}.{n}", name.to_string_lossy()));
                    n += 1;
                }
                if from.exists() {
                    fs::rename(from, &to).map_err(|e| StorageError::failed(e.to_string()))?;
                }
            }
        }
        sync_dir(&self.dir);
        Ok(())
    }

    pub fn delete(&self, id: &GameId) -> Result<(), StorageError> {
        let path = self.path(id);
        for path in [path.clone(), backup_path(&path)] {
            match fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(StorageError::failed(e.to_string())),
            }
        }
        Ok(())
    }
}

/// Never resolves: files are written before the save returns, so its
/// result says whether it failed (the web's saves can fail later).
pub async fn storage_failure() -> StorageError {
    std::future::pending().await
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Runs `f`: the web build records how long it took (see the web's).
pub fn timed<T>(_name: &str, f: impl FnOnce() -> T) -> T {
    f()
}

/// A screen is drawn whole at once here (and in the component tests, which
/// render to HTML): see the web's.
pub const DRAWS_BELOW_THE_FOLD_LATER: bool = false;

/// Nothing to wait for: see [`DRAWS_BELOW_THE_FOLD_LATER`].
pub async fn next_frame() {}

/// The app links both of its stylesheets from the start here: see the
/// web's.
pub const LINKS_STYLESHEETS_LATER: bool = false;

/// Always: see [`LINKS_STYLESHEETS_LATER`].
pub fn screens_styled() -> bool {
    true
}

/// Nothing to wait for: see [`LINKS_STYLESHEETS_LATER`].
pub async fn screens_style() {}

/// Nothing waits for it here: see the web's.
pub fn at_table() {}

/// Resolves after about `ms` milliseconds: the tick of the round timer.
/// A short-lived thread sleeps, so this works whatever runs the future.
pub async fn sleep_ms(ms: u32) {
    let (done, wait) = futures_channel::oneshot::channel::<()>();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(u64::from(ms)));
        let _ = done.send(());
    });
    let _ = wait.await;
}

/// Desktop and phone builds carry the rules pages' texts compiled in (the
/// web build fetches them; see `i18n::rules`).
pub fn bundled_rules() -> Option<&'static str> {
    Some(RULES)
}

const RULES: &str = include_str!("../../assets/rules.json");

/// Never needed here: [`bundled_rules`] has the text.
pub async fn fetch_rules() -> Result<String, StorageError> {
    Ok(RULES.to_string())
}

/// Minutes east of UTC where the device is now, from its time zone (chrono
/// reads the system's zone data, Android's and iOS's included).
pub fn local_offset_minutes() -> i32 {
    chrono::Local::now().offset().local_minus_utc() / 60
}

/// Hands a file to the player: written to the app's `exports` folder. The
/// desktop's is an ordinary folder of the player's; a phone's is private to
/// the app, and the web views the app runs in on Android and iOS have no
/// share sheet (no Web Share API), so the phone builds say so and point to
/// the web version to move games between devices.
pub fn share_file(name: &str, _mime: &str, text: &str) -> Result<super::Handed, StorageError> {
    let dir = data_dir()
        .ok_or_else(|| StorageError::failed("no data directory"))?
        .join("exports");
    std::fs::create_dir_all(&dir).map_err(|e| StorageError::failed(e.to_string()))?;
    let path = dir.join(name);
    write_atomically(&path, text.as_bytes()).map_err(|e| StorageError::failed(e.to_string()))?;
    let path = path.display().to_string();
    if cfg!(any(target_os = "android", target_os = "ios")) {
        Ok(super::Handed::KeptInApp(path))
    } else {
        Ok(super::Handed::Saved(path))
    }
}

/// The URL of a bundled file, as dx gives it (the desktop and phone web views
/// serve the app from their own root).
pub fn asset_url(asset: dioxus::prelude::Asset) -> String {
    asset.to_string()
}

/// A native window has no page painted before the app: nothing was tapped.
pub fn tapped_before_start() -> Option<String> {
    None
}

/// The device's preferred language, such as `fr-FR`.
pub fn device_locale() -> Option<String> {
    sys_locale::get_locale()
}

/// The web build mirrors theme and language on the page; a native window
/// has nothing to mirror them on.
pub fn reflect_in_document(_theme: &str, _lang: &str, _title: &str) {
    // On the desktop the title is the window's.
    #[cfg(feature = "desktop")]
    dioxus::desktop::window().set_title(_title);
}

/// The page the desktop and phone web views load: the web build's viewport
/// (`viewport-fit=cover`, so the stylesheet's safe-area insets apply under
/// notches and system bars) and `public/shell.js`, which the web build loads
/// from index.html: back navigation through the web view's history (Android's
/// MainActivity sends the back button there), the screen kept on during a
/// game and haptics on rolls (through MainActivity's bridge on Android).
pub const NATIVE_INDEX: &str = concat!(
    r#"<!DOCTYPE html>
<html>
<head>
<title>Genius</title>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<script>"#,
    include_str!("../../public/shell.js"),
    r#"</script>
</head>
<body><div id="main"></div></body>
</html>
"#
);

/// The desktop and phone launch configuration: [`NATIVE_INDEX`].
#[cfg(feature = "desktop")]
pub fn launch_config() -> dioxus::desktop::Config {
    dioxus::desktop::Config::new().with_custom_index(NATIVE_INDEX.to_string())
}

/// The desktop and phone launch configuration: [`NATIVE_INDEX`].
#[cfg(all(feature = "mobile", not(feature = "desktop")))]
pub fn launch_config() -> dioxus::mobile::Config {
    dioxus::mobile::Config::new().with_custom_index(NATIVE_INDEX.to_string())
}

#[cfg(test)]
mod tests {

    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("genius-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_crash_at_any_step_leaves_the_old_or_the_new_file() {
        let dir = scratch("faults");
        let path = dir.join("game.json");
        let is_complete = |t: &str| t == "old version" || t == "new version, longer";
        for step in WriteStep::ALL {
            let _ = fs::remove_dir_all(&dir);
            write_atomically(&path, b"old version").unwrap();
            let result = write_with_faults(&path, b"new version, longer", &mut |s| {
                if s == step {
                    Err(std::io::Error::other("simulated crash"))
                } else {
                    Ok(())
                }
            });
            assert!(result.is_err(), "{step:?}");
            let (text, _) = read_with_backup(&path, is_complete)
                .unwrap()
                .expect("a file survives");
            assert!(is_complete(&text), "{step:?} left {text:?}");
            // The next save works and wins.
            write_atomically(&path, b"new version, longer").unwrap();
            assert_eq!(
                read_with_backup(&path, is_complete).unwrap().unwrap().0,
                "new version, longer"
            );
        }
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_full_disk_is_told_apart_and_a_failed_write_keeps_the_old_file() {
        let path = Path::new("/data/games/x.json");
        #[cfg(any(target_os = "linux", target_os = "android"))]
        for code in [28, 122] {
            let e = std::io::Error::from_raw_os_error(code);
            assert!(io_error(path, &e).is_full(), "{code}");
        }
        let other = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        assert!(!io_error(path, &other).is_full());
        // A write that fails for real (here: its temporary file cannot be
        // created) keeps the old file.
        let dir = scratch("full");
        let path = dir.join("game.json");
        write_atomically(&path, b"old").unwrap();
        let result = write_with_faults(&path, b"new", &mut |_| Ok(()));
        assert!(result.is_ok());
        fs::create_dir_all(dir.join("game.json.tmp")).unwrap();
        assert!(write_atomically(&path, b"newer").is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_backup_holds_the_previous_version() {
        let dir = scratch("backup");
        let path = dir.join("game.json");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read_to_string(backup_path(&path)).unwrap(), "one");
        fs::write(&path, b"garbage").unwrap();
        assert_eq!(
            read_with_backup(&path, |t| t != "garbage").unwrap(),
            Some(("one".into(), true))
        );
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_native_page_has_the_shell_and_room_for_the_app() {
        assert!(NATIVE_INDEX.contains("viewport-fit=cover"));
        assert!(NATIVE_INDEX.contains("GeniusAndroid"));
        // dioxus-desktop inserts its loader before </body> and mounts on #main.
        assert!(NATIVE_INDEX.contains("<div id=\"main\"></div>"));
        assert!(NATIVE_INDEX.contains("</head>") && NATIVE_INDEX.contains("</body>"));
        // shell.js must not end the inline script early.
        assert_eq!(NATIVE_INDEX.matches("</script>").count(), 1);
    }

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
